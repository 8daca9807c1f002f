import type { ToolContent } from "./core-tool-content.js";
import type { ToolResultPart } from "./core-tool-result-part.js";
import { ToolResultPart as ToolResultPartBuilder } from "./core-tool-result-part.js";

/** The v2 error record: what an errored tool part replays as. @see spec §1.2 (history replay) */
export interface ReplayErrorRecord {
  error: { type: "unknown"; message: string };
  content: ToolContent[];
  structured: unknown;
}

/**
 * LP: the message itself when it is a string, else its JSON text.
 * @see spec §1.2 (history replay: `message: <LP(value)>`)
 */
export function replayErrorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  return JSON.stringify(error) ?? String(error);
}

/**
 * The error record `{error:{type:"unknown", message}, content, structured}` (content `[]` and
 * structured `{}` when the part stored none, as the released runner sends them).
 * @see spec §1.2 (history replay), README "Verified against the released binary's v2 runner" (errors)
 */
export function replayErrorRecord(error: unknown, content: ToolContent[] = [], structured: unknown = {}): ReplayErrorRecord {
  return { error: { type: "unknown", message: replayErrorMessage(error) }, content, structured };
}

/**
 * The ToolResultPart an errored tool part becomes on replay: `resultType: "error"` around the record.
 * @see spec §1.2 (history replay)
 */
export function replayErrorPart(id: string, name: string, error: unknown, content: ToolContent[] = [], structured: unknown = {}): ToolResultPart {
  return ToolResultPartBuilder.make({ id, name, result: replayErrorRecord(error, content, structured), resultType: "error" });
}
