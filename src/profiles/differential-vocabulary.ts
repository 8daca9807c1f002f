import type { ScenarioCall, ScenarioContent, ScenarioFault, ScenarioPage, ScenarioSubagent } from "../generated/schema-types.js";
import type { GeneratedContent } from "./differential-content.js";
import type { ProfileId } from "./profile-registry.js";

/**
 * The port between the seeded differential generator (`src/differential/`) and a profile's call
 * vocabulary (`src/profiles/<agent>/differential-vocabulary.ts`): the generator owns the seeded
 * random sequence, the scenario under construction and how calls are grouped into turns; a
 * vocabulary owns which calls an agent's tools are given (the inputs where reimplementations of
 * that agent differ). Agent-neutral, like the environment port.
 * @see issue 26 item 6
 */

/** The seeded pseudo-random sequence (src/differential/seeded-random.ts implements it). */
export interface DifferentialRandom {
  nextUint32(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with this probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * The scenario under construction: its workspace files and pages, so that calls name files that
 * exist (or on purpose do not), and fresh names never collide.
 */
export interface DifferentialWorkspace {
  readonly random: DifferentialRandom;
  /** The profile the campaign plays against (some vocabularies aim at its own limits). */
  readonly profile: string;
  readonly files: Record<string, ScenarioContent>;
  readonly directories: string[];
  readonly pages: Record<string, ScenarioPage>;
  /** Scripts for the agent's subagent requests (the scenario's `subagents`), in the order the fake tries them. */
  readonly subagents: ScenarioSubagent[];
  /** What the user answers to the agent's permission asks, in the order they are asked (the scenario's `permissionReplies`). */
  readonly permissionReplies: ("once" | "always" | "reject")[];
  /** Files no call changes, with what they hold. */
  readonly stable: { path: string; content: GeneratedContent }[];
  /** A fresh workspace-relative name. */
  fresh(stem: string, extension: string, folder?: string): string;
  /** A new file with a generated body that no call changes. */
  stableFile(): { path: string; content: GeneratedContent };
  /** An existing stable file, or a new one. */
  someStableFile(): { path: string; content: GeneratedContent };
  /** A directory with entries whose byte order and locale order differ. */
  listedDirectory(): string;
}

/** One generated call: what the model sends, and whether it changes the workspace. */
export interface GeneratedCall {
  call: ScenarioCall;
  /** Writes, edits or creates something: never run in parallel with a searching call. */
  mutates: boolean;
  /** Scripted alone in its turn (a call whose effect on the calls beside it is a race of the binary). */
  alone?: boolean;
  /**
   * Scripted after every other call of its scenario, alone in its turn (a call at which the agent's
   * session ends, so that no call after it goes unjudged).
   */
  last?: boolean;
  /**
   * Calls that use this call's result (`$fromResult` at the call's place, e.g. a live session's id),
   * each scripted first in one of the turns after it: the k-th (0-based) k + 1 turns later. This
   * call ends its turn, so the first of them follows it with nothing run in between.
   */
  followUps?: readonly ((source: CallPlace) => ScenarioCall)[];
}

/** Where a scripted call stands: its turn and its place in that turn, both 1-based. */
export interface CallPlace {
  turn: number;
  call: number;
}

export type CallMaker = (workspace: DifferentialWorkspace) => GeneratedCall;

/** One agent's call vocabulary for a differential campaign. */
export interface DifferentialVocabulary {
  /** The scenario names' prefix (`differential-<prefix>-<seed>-<n>`). */
  namePrefix: string;
  /** The scenario's argumentStyle, when the calls are written in another profile's argument names. */
  argumentStyle?: ProfileId;
  /** The spec sections the generated calls exercise (the scenarios' `spec`). */
  spec: string;
  /** What the calls aim at (ends the scenarios' descriptions). */
  aims: string;
  /** Every tool's call makers with its weight in a campaign (a tool named `unknown` is shown as it is called). */
  makers: readonly { tool: string; weight: number; makers: readonly CallMaker[] }[];
  /** Tools whose result depends on the whole tree or runs a shell: never in one turn with a call that changes the workspace. */
  searching: ReadonlySet<string>;
  /**
   * Calls whose results the agent may place out of call order in a turn (it runs them at once and
   * places each when it finishes): never two such calls in one turn.
   */
  concurrent?(call: GeneratedCall): boolean;
  /**
   * A provider fault for a turn of `calls` (the turn's `fault`: what the fake answers the first
   * requests of that turn instead of its reply), or undefined for none. Only asked when defined.
   */
  turnFault?(random: DifferentialRandom, calls: readonly GeneratedCall[]): ScenarioFault | undefined;
}

const readOnly = (tool: string, input: Record<string, unknown>): GeneratedCall => ({ call: { tool, input }, mutates: false });
const mutating = (tool: string, input: Record<string, unknown>): GeneratedCall => ({ call: { tool, input }, mutates: true });

/** A call that changes nothing, and one that changes the workspace. */
export const differentialCall = { readOnly, mutating };
