import { replayErrorPart } from "../../profiles/opencode-core/result/core-replay-error.js";

/**
 * The tool-result part a settled v2 result is replayed as in the next request: a completed result
 * as it settled, an error (its part stored `error`, no content, no structured) as the error record
 * `{error:{type:"unknown",message},content:[],structured:{}}` with `resultType: "error"`.
 * @see spec §1.2 (history replay), README "Verified against the released binary's v2 runner" (errors)
 */
export function coreReplayedResult(id: string, name: string, settled: unknown): unknown {
  const value = settled as { type?: unknown; value?: unknown };
  if (value !== null && typeof value === "object" && value.type === "error") return replayErrorPart(id, name, value.value);
  return { type: "tool-result", id, name, result: settled };
}
