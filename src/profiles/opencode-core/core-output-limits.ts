/**
 * The ToolOutputStore limits.
 * @see spec §3.2 (constants: MAX_LINES = 2000, MAX_BYTES = 51200)
 */
export interface OutputLimits {
  maxLines: number;
  maxBytes: number;
}

/** @see spec §3.2 (constants) */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { maxLines: 2000, maxBytes: 51200 };

/** Fills in the defaults for the limits an options object leaves out. */
export function resolveOutputLimits(limits?: { maxLines?: number; maxBytes?: number }): OutputLimits {
  return {
    maxLines: limits?.maxLines ?? DEFAULT_OUTPUT_LIMITS.maxLines,
    maxBytes: limits?.maxBytes ?? DEFAULT_OUTPUT_LIMITS.maxBytes,
  };
}
