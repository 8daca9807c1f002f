import { type OutputLimits, resolveLimits } from "../../output-limits.js";

export type { OutputLimits } from "../../output-limits.js";

/** @see spec §3.2 (constants: MAX_LINES = 2000, MAX_BYTES = 51200) */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { maxLines: 2000, maxBytes: 51200 };

/** The ToolOutputStore limits an options object gives, defaults filled in. */
export function resolveOutputLimits(limits?: { maxLines?: number; maxBytes?: number }): OutputLimits {
  return resolveLimits(limits, DEFAULT_OUTPUT_LIMITS);
}
