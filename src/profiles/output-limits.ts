/** A profile's truncation limits: lines and UTF-8 bytes. */
export interface OutputLimits {
  maxLines: number;
  maxBytes: number;
}

/**
 * The limits a request's options give, each falling back to the profile's default. A limit must
 * be a non-negative integer (schemas/options.json): anything else is refused here, since the
 * truncation walks would turn a fractional budget into a nonsense `…N bytes truncated…` count.
 * @see spec §3.1, §3.2 (constants)
 */
export function resolveLimits(limits: { maxLines?: number; maxBytes?: number } | undefined, defaults: OutputLimits): OutputLimits {
  return {
    maxLines: limitValue(limits?.maxLines, defaults.maxLines, "maxLines"),
    maxBytes: limitValue(limits?.maxBytes, defaults.maxBytes, "maxBytes"),
  };
}

function limitValue(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`options.limits.${name} must be a non-negative integer (schemas/options.json), found ${String(value)}`);
  }
  return value;
}
