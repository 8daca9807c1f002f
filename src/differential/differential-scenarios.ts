import type { Scenario, ScenarioCall, ScenarioTurn } from "../generated/schema-types.js";
import type { DifferentialVocabulary } from "../profiles/differential-vocabulary.js";
import { type GeneratedCall, generateCall, ScenarioWorkspaceBuilder } from "./differential-calls.js";
import { DIFFERENTIAL_VOCABULARIES, type DifferentialProfile } from "./differential-vocabularies.js";
import { SeededRandom } from "./seeded-random.js";

/** What a differential campaign is generated from. */
export interface DifferentialOptions {
  profile: DifferentialProfile;
  seed: number;
  /** Total calls over all scenarios. */
  calls: number;
  /** Calls per scenario (default 25; the last scenario takes the rest). */
  callsPerScenario?: number;
}

/**
 * Generates a differential campaign: scenarios (schemas/scenario.json) of many calls each from
 * the profile's call vocabulary (src/profiles/<id>/differential-vocabulary.ts), spread over
 * several turns, with read-only calls grouped into parallel turns. Pure and deterministic: the same options give the
 * same scenarios, byte for byte.
 * @see issue 19 part 3
 */
export function generateDifferentialScenarios(options: DifferentialOptions): Scenario[] {
  const perScenario = Math.max(1, options.callsPerScenario ?? 25);
  const scenarios: Scenario[] = [];
  const random = new SeededRandom(options.seed);
  let remaining = options.calls;
  for (let index = 1; remaining > 0; index++) {
    const count = Math.min(perScenario, remaining);
    remaining -= count;
    scenarios.push(generateScenario(new SeededRandom(random.nextUint32()), options, index, count));
  }
  return scenarios;
}

/**
 * Groups calls into turns of one to eight parallel calls (fewer turns amortise the agent's own
 * per-step cost). Every call that changes the workspace targets a path of its own, so such calls
 * may share a turn with each other and with reads, but never with a search or a shell command,
 * whose result would depend on which parallel call finished first (the vocabulary's `searching`
 * tools). A call marked `alone` (one that makes the runtime die) gets a turn of its own. Of the
 * vocabulary's `concurrent` tools (results placed when they finish) a turn holds at most one, and
 * never beside a searching call. A call with follow-ups (calls that use its result) ends its turn,
 * and its follow-ups open the turns after it, one a turn; such chains never overlap. A call marked
 * `last` (the vocabulary's calls at which the session ends) comes after all the others, alone.
 */
function groupIntoTurns(random: SeededRandom, calls: readonly GeneratedCall[], vocabulary: DifferentialVocabulary): GeneratedCall[][] {
  const SEARCHING = vocabulary.searching;
  const concurrent = vocabulary.concurrent ?? (() => false);
  const turns: GeneratedCall[][] = [];
  /** Follow-up calls (GeneratedCall.followUps) waiting for their turn. */
  let pending: { turn: number; call: ScenarioCall }[] = [];
  let index = 0;
  while (index < calls.length || pending.length > 0) {
    const turn = turns.length + 1;
    const dueTurn = index < calls.length ? turn : Math.min(...pending.map((waiting) => waiting.turn));
    const group: GeneratedCall[] = pending.filter((waiting) => waiting.turn <= dueTurn).map((waiting) => ({ call: waiting.call, mutates: false }));
    pending = pending.filter((waiting) => waiting.turn > dueTurn);
    const chained = group.length > 0 || pending.length > 0;
    if (index < calls.length) {
      const wanted = random.pick([1, 2, 3, 4, 5, 6, 8]);
      const fits = (next: GeneratedCall): boolean => {
        if (group.length === 0) return true;
        if (group.length >= wanted || group[0]?.alone === true || next.alone === true || group[0]?.last === true || next.last === true) return false;
        if ((group.at(-1)?.followUps?.length ?? 0) > 0) return false;
        // one chain at a time: its follow-ups then open their turns with nothing of another chain before them
        if ((next.followUps?.length ?? 0) > 0 && chained) return false;
        const clash = next.mutates ? group.some((call) => SEARCHING.has(call.call.tool)) : SEARCHING.has(next.call.tool) && group.some((call) => call.mutates);
        return !clash && !(concurrent(next) && group.some(concurrent));
      };
      while (index < calls.length && fits(calls[index]!)) group.push(calls[index++]!);
    }
    group.forEach((call, place) => {
      call.followUps?.forEach((followUp, k) => pending.push({ turn: turn + 1 + k, call: followUp({ turn, call: place + 1 }) }));
    });
    turns.push(group);
  }
  return turns;
}

function generateScenario(random: SeededRandom, options: DifferentialOptions, index: number, count: number): Scenario {
  const vocabulary: DifferentialVocabulary = DIFFERENTIAL_VOCABULARIES[options.profile];
  const builder = new ScenarioWorkspaceBuilder(random, options.profile);
  const generated = Array.from({ length: count }, () => generateCall(builder, vocabulary));
  const calls = [...generated.filter((call) => call.last !== true), ...generated.filter((call) => call.last === true)];
  const groups = groupIntoTurns(random, calls, vocabulary);
  const grouped = groups.map((group) => group.map((call) => call.call));
  const callTurns = groups.map((group) => {
    const fault = vocabulary.turnFault?.(random, group);
    return (fault === undefined ? { calls: group.map((call) => call.call) } : { fault, calls: group.map((call) => call.call) }) as ScenarioTurn;
  });
  const turns = [...callTurns, { text: "Done." }] as unknown as Scenario["turns"];
  const tools = [...new Set(grouped.flat().map((call) => call.tool.toLowerCase()))].sort();
  const name = `differential-${vocabulary.namePrefix}-${options.seed}-${String(index).padStart(3, "0")}`;
  const workspace: Scenario["workspace"] = {
    files: builder.files,
    ...(builder.directories.length > 0 ? { directories: builder.directories } : {}),
  };
  return {
    name,
    description: `Differential campaign seed ${options.seed}, scenario ${index}: ${count} generated calls (${tools.join(", ")}) ${vocabulary.aims}.`,
    spec: vocabulary.spec,
    tags: ["differential", ...tools.filter((tool) => /^[a-z0-9-]+$/.test(tool))],
    ...(vocabulary.argumentStyle === undefined ? {} : { argumentStyle: vocabulary.argumentStyle }),
    timeoutSeconds: 300,
    prompt: "Run the scripted calls.",
    workspace,
    ...(Object.keys(builder.pages).length > 0 ? { pages: builder.pages } : {}),
    ...(builder.subagents.length > 0 ? { subagents: builder.subagents } : {}),
    ...(builder.permissionReplies.length > 0 ? { permissionReplies: builder.permissionReplies } : {}),
    turns,
    ...(builder.subagents.length > 0 ? { subagents: builder.subagents } : {}),
  };
}
