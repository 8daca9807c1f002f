import type { EnvironmentPort } from "../environment-port.js";

/** Which of opencode 1.18.33's two runtimes runs a call: v1 (`opencode run`) or v2 (packages/core). */
export type OpencodeRuntime = "v1" | "v2";

/** How the v2 runtime settles a tool that died (a defect, not a failure). @see spec §1.2; the binary (seed 6002) */
export const V2_DEFECT_PREFIX = "Tool execution failed: ";

/** A tool call as the model made it. */
export interface OpencodeCall {
  tool: string;
  input: unknown;
}

/** What a profile's tool runner gets: the call's runtime, its arguments as a record, the environment. */
export interface OpencodeRunContext {
  runtime: OpencodeRuntime;
  input: Record<string, unknown>;
  environment: EnvironmentPort;
}

/**
 * The path argument of read/write/edit in a runtime's input schema: `filePath` (v1) or `path`
 * (v2); undefined when absent or not a string (the profile reports invalid arguments itself).
 * @see spec README "tools offered" (v2 takes `path`)
 */
export function inputPath(context: OpencodeRunContext): string | undefined {
  const value = context.runtime === "v2" ? context.input.path : context.input.filePath;
  return typeof value === "string" ? value : undefined;
}

/** The call's arguments when they are a JSON object, else `{}`. */
export function inputRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
