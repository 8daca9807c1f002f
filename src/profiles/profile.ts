import type { FormatOptions } from "../generated/schema-types.js";
import type { RedactionRule } from "../golden/redact.js";
import type { EnvironmentPort } from "./environment-port.js";
import type { OutputStorePort } from "./output-store-port.js";

/** Profile ids correx implements. */
export type ProfileId = "opencode-core" | "opencode-cli" | "codex-cli" | "gemini-cli" | "claude-code";

/** Options that change formatting besides the observation (schemas/options.json). */
export type { FormatOptions } from "../generated/schema-types.js";

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

/**
 * One profile's reference implementation. Every method is pure except through `store`,
 * the port that saves truncated full output.
 */
export interface Profile {
  id: ProfileId;
  /** The pinned upstream version, e.g. "1.18.33". */
  version: string;
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
   * Optional: the name this agent gives the model for tool `tool` of the MCP server its config
   * names `server` (Claude Code: `mcp__<server>__<tool>`), and the Responses API namespace it puts
   * the tool in, if any. The fake model calls MCP tools by it. The tool call the profile then sees
   * is named `namespace + name`.
   */
  mcpToolName?(server: string, tool: string): { name: string; namespace?: string };
}

/** A tool call as the model made it: the tool's name and its parsed arguments. */
export interface ToolCall {
  tool: string;
  input: unknown;
}

/** Thrown by a profile for a request it does not implement (adapter code `unsupported`). */
export class UnsupportedError extends Error {
  override readonly name = "UnsupportedError";
  static isInstance(error: unknown): error is UnsupportedError {
    return error instanceof Error && error.name === "UnsupportedError";
  }
}
