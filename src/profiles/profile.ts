import type { FormatOptions } from "../generated/schema-types.js";
import type { RedactionRule } from "../golden/redact.js";
import type { LoweringResult, Protocol } from "../lower/lowering-result.js";
import type { EnvironmentPort } from "./environment-port.js";
import type { OutputStorePort } from "./output-store-port.js";

/** Options that change formatting besides the observation (schemas/options.json). */
export type { FormatOptions } from "../generated/schema-types.js";
/** Profile ids correx ships (a profile registered at run time may have any other id): named in the registry only. */
export type { ProfileId } from "./profile-registry.js";

/** The `format` op's params (schemas/adapter/ops/format.json). */
export interface FormatRequest {
  tool: string;
  input: unknown;
  observation: Record<string, unknown>;
  options?: FormatOptions;
}

/** The `truncate` op's params (schemas/adapter/ops/truncate.json). */
export interface TruncateRequest {
  /** opencode-cli: the text for Truncate.output. */
  text?: string;
  /** opencode-core: the ToolOutput for ToolOutputStore.bound. */
  output?: { structured: unknown; content: unknown[] };
  direction?: "head" | "tail";
  options?: FormatOptions;
}

/** The `truncate` op's result. */
export interface TruncateResult {
  result: unknown;
  truncated: boolean;
  savedPath?: string;
}

/** What an agent calls an MCP tool: the wire name, the Responses API namespace, the name the call is known by. @see Profile.mcpToolName */
export interface McpToolName {
  name: string;
  namespace?: string;
  /** The call's name for the profile and the reports; default `namespace + name`. */
  called?: string;
}

/** The name a call to an MCP tool is known by. */
export const mcpCallName = (named: McpToolName): string => named.called ?? (named.namespace ?? "") + named.name;

/**
 * One profile's reference implementation. Every method is pure except through `store`,
 * the port that saves truncated full output.
 */
export interface Profile {
  id: string;
  /** The pinned upstream version, e.g. "1.18.33". */
  version: string;
  /** The agent this profile is a reference of, and how it is run. */
  agent: ProfileAgent;
  /** The agent versions this profile's end-to-end suite has passed; `correx gate` warns outside them. */
  versions: ProfileVersions;
  /** The wire protocols the agent speaks (the others are `unsupported`). */
  protocols: readonly Protocol[];
  /** Where the profile's tool result is described: a schema kind under schemas/ (`correx validate --as`). */
  resultKind?: string;
  /** Every tool the agent declares, with whether correx models its results. */
  tools: readonly ProfileTool[];
  /** How call arguments are named in this agent's style (a scenario written in another style is renamed). */
  argumentNames: ProfileArgumentNames;
  /** The tools the reference loop offers when it plays this profile (default: the loop's own opencode-like set, with `argumentNames.path`). */
  toolDeclarations?: readonly ToolDeclaration[];
  /** The history of a conversation in the agent's own form, and its lowering to the wire. */
  history: ProfileHistory;
  /** The result the agent records for a call that failed with `message` (the reference loop's stand-in for a rule not modelled). */
  errorResult?(message: string): unknown;
  /**
   * The version the agent reports in the headers of its requests to the provider (lower-case
   * names, as the fake records them), or undefined when they do not say. `correx gate` warns when
   * it is outside `versions.verified`.
   */
  agentVersion?(headers: Readonly<Record<string, string>>): string | undefined;
  /**
   * Volatile values of this agent's results (ids, times) and the token each becomes: applied,
   * after the standard rules, to both sides of every comparison (check, gate, the matchers).
   */
  redactions?: readonly RedactionRule[];
  /**
   * What the gate compares of a result and the elements the agent sent after its batch of results
   * (notes as separate messages): drops time-dependent reminders and undoes what they changed.
   * A documented rule of the profile (claude-code: spec §2.3); default: everything is compared.
   */
  afterNotes?(comparable: { result: unknown; after: unknown[] }): { result: unknown; after: unknown[] };
  /** The schema kind of each tool's observation when it is not `observations/<tool>` (checked by `correx check`). */
  observationKinds?: Readonly<Record<string, string>>;
  /** The profile's tool result after truncation: opencode-core → ToolResultValue, opencode-cli → CliFormatResult, codex-cli → {output}. */
  format(request: FormatRequest, store: OutputStorePort): unknown;
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult;
  /**
   * Runs a tool call through the environment port, applying every rule of this agent (which
   * shell, which environment, decoding, edit matching, what is written), and returns the
   * observation `format` takes. The port only records facts; effects happen through it.
   */
  observe(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>>;
  /**
   * Optional: adopts the order the agent reported for facts whose order is not deterministic
   * (e.g. ripgrep's parallel traversal), given the text of the agent's own result for the call.
   * The gate applies it before formatting the reference's result; facts stay facts.
   */
  adoptAgentOrder?(call: ToolCall, observation: Record<string, unknown>, agentText: string): Record<string, unknown>;
  /**
   * Optional: whether this call's result interrupts the other calls of its turn that are still
   * running (opencode's v2 runtime: a defect in one parallel call fails the unfinished ones with
   * it). Returns the rule, named; the gate then reports the turn's other calls `unsupported` with
   * it, since which of them finished first is a race.
   */
  interruptsTurn?(call: ToolCall, observation: Record<string, unknown>): string | undefined;
  /**
   * Optional: the parts of the agent's session state (named by the profile: plan mode, background
   * processes…) this call changes and the parts its result depends on. The gate names the last
   * call that changed a part a failing later call depends on (`consequenceOf`), so such a failure
   * is never a plain fail.
   */
  sessionState?(call: { tool: string; input: unknown }): { changes: readonly string[]; reads: readonly string[] };
  /**
   * Optional: whether the agent's session ends at this call before its result reaches the model
   * (opencode: a refused permission). Returns the rule, named; the gate then expects no result for
   * this call nor for any later one, and replays none of them.
   */
  endsRun?(call: ToolCall, observation: Record<string, unknown>): string | undefined;
  /**
   * Optional: MCP tool results as this agent's model gets them — `modelled`, or not modelled yet
   * with why — and the protocol × model pairs `correx preview` shows for it (the models its gate
   * suites run). Absent: MCP results are not modelled, and preview leaves the agent out.
   */
  mcp?: { results: "modelled" | { unsupported: string }; preview: readonly { protocol: Protocol; model: string }[] };
  /**
   * Optional: the order in which this agent may place one turn's results when it runs some calls
   * at once and places each as it finishes (Claude Code). Given the turn's calls in call order and
   * the order the agent placed them, returns the agent's order when the binary could have produced
   * it, else the call order; the gate lowers the reference's turn in that order.
   */
  resultOrder?(calls: readonly { id: string; tool: string; input: unknown }[], agentOrder: readonly string[]): string[];
  /**
   * Optional: the name this agent gives the model for tool `tool` of the MCP server its config
   * names `server` (Claude Code: `mcp__<server>__<tool>`), and the Responses API namespace it puts
   * the tool in, if any. The fake model calls MCP tools by it. The tool call the profile then sees
   * is named `called` (the agent's own name for a namespaced tool), or else `namespace + name`.
   */
  mcpToolName?(server: string, tool: string): McpToolName;
  /**
   * Optional: true when the profile models a run of the agent as another user than root (a
   * scenario's `agent.user`: file modes then bite, and the replay runs as that user). Absent: every
   * call of such a run is unsupported, naming the setting.
   */
  modelsRunUser?: boolean;
}

/** The agent a profile describes and the recipe that drives its released binary for `correx gate`. */
export interface ProfileAgent {
  /** The agent's name, e.g. "opencode", "Codex CLI". */
  name: string;
  /** The npm package the binary comes from, when there is one. */
  package?: string;
  /** How to run it under `correx gate`: the command after `--`, the --config-template, the --model (paths from the repository root). */
  driver?: { command: readonly string[]; configTemplate?: string; model?: string };
}

/** The versions a profile holds: the pinned one its rules are written from, and the range its end-to-end suite passed. */
export interface ProfileVersions {
  /** Lowest and highest agent versions the suite passed (inclusive, x.y.z). */
  verified: { from: string; to: string };
  /** Where each bound was measured. */
  evidence: string;
}

/** One tool the agent declares, and correx's cover of it. */
export interface ProfileTool {
  name: string;
  status: "modelled" | "unsupported";
  /** For `unsupported`: the rule that is not modelled, and where it is described. */
  reason?: string;
}

/** Argument names of the agent's calls that differ between agents. */
export interface ProfileArgumentNames {
  /** The path argument of the `read`, `write` and `edit` calls of a scenario. */
  path: string;
}

/** A tool offered to the model: name, description, JSON Schema of its arguments. */
export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One call of a step and the profile's result for it. */
export interface ProfileStepCall {
  id: string;
  tool: string;
  input: unknown;
  result: unknown;
  /** The call's 0-based place in the model's reply when calls before it are left out (schemas/history/neutral-message.json). */
  position?: number;
}

/** The request to lower a history: messages in one of the profile's forms. */
export interface LowerHistoryRequest {
  protocol: Protocol;
  messages: readonly unknown[];
  /** One of `ProfileHistory.forms` (default: the first). */
  from?: string;
  model?: string;
  /** opencode-cli: the model's input modalities (ProviderTransform step 1). */
  modalities?: readonly string[];
}

/**
 * A conversation in the agent's own history form: how a prompt and a step of calls with their
 * results are recorded, and how such a history is lowered to a protocol's wire body.
 */
export interface ProfileHistory {
  /** The input forms `lower` takes: name → the schema kind of each message. The first is the form `prompt` and `step` build. */
  forms: Readonly<Record<string, string>>;
  /** The user's prompt as the first message. */
  prompt(text: string): unknown;
  /** An assistant text message (the loop's step-limit prefill). */
  assistantText(text: string): unknown;
  /** The messages one step adds: the assistant's text and calls, then their results. */
  step(step: { text: string; calls: readonly ProfileStepCall[] }, options: FormatOptions): unknown[];
  /** The wire body of a history; throws UnsupportedError for what the profile does not model. */
  lower(request: LowerHistoryRequest): LoweringResult<object>;
}

/** A tool call as the model made it: the tool's name and its parsed arguments. */
export interface ToolCall {
  tool: string;
  input: unknown;
  /**
   * Optional (the gate's replay gives it): the model turn the call belongs to — the turn's index
   * in the session, the turn's calls in order, this call's place among them. An agent runs the
   * calls of one turn concurrently, so a rule that depends on which of them ran first is a race.
   */
  turn?: TurnOfCall;
}

/** The model turn of a call (ToolCall.turn). */
export interface TurnOfCall {
  index: number;
  calls: readonly { tool: string; input: unknown }[];
  position: number;
}

/** Thrown by a profile for a request it does not implement (adapter code `unsupported`). */
export class UnsupportedError extends Error {
  override readonly name = "UnsupportedError";
  static isInstance(error: unknown): error is UnsupportedError {
    return error instanceof Error && error.name === "UnsupportedError";
  }
}
