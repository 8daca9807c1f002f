import type { CacheHint } from "../../generated/schema-types.js";

/** Anthropic accepts at most 4 cache_control breakpoints per request. @see spec §4.3 (Anthropic: at most 4 cache breakpoints) */
export const ANTHROPIC_BREAKPOINT_CAP = 4;

/** Hints of at least this many seconds ask Anthropic for the 1-hour cache (`x !== undefined && x >= 3600 ? "1h" : undefined` in the 1.18.33 bundle). */
export const ANTHROPIC_ONE_HOUR_TTL_SECONDS = 3600;

/** The breakpoint budget, spent in request order (tool definitions, system, then messages). */
export interface CacheBreakpoints {
  remaining: number;
  dropped: number;
}

/**
 * `cache_control` for a cache hint (`LLM.CacheHint {type: ephemeral|persistent, ttlSeconds?}`): ephemeral,
 * with `ttl: "1h"` when `ttlSeconds >= 3600`; none past the cap, which counts the dropped ones.
 * @see spec §4.3 (Anthropic cache breakpoints)
 */
export function cacheControl(breakpoints: CacheBreakpoints, cache: CacheHint | undefined): { type: "ephemeral"; ttl?: "1h" } | undefined {
  if (cache?.type !== "ephemeral" && cache?.type !== "persistent") return undefined;
  if (breakpoints.remaining <= 0) {
    breakpoints.dropped += 1;
    return undefined;
  }
  breakpoints.remaining -= 1;
  const ttlSeconds = cache.ttlSeconds;
  return ttlSeconds !== undefined && ttlSeconds >= ANTHROPIC_ONE_HOUR_TTL_SECONDS ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}
