import type { CacheHint } from "../../generated/schema-types.js";

/** Anthropic accepts at most 4 cache_control breakpoints per request. @see spec §4.3 (Anthropic: at most 4 cache breakpoints) */
export const ANTHROPIC_BREAKPOINT_CAP = 4;

/** The breakpoint budget, spent in request order (system, then messages). */
export interface CacheBreakpoints {
  remaining: number;
  dropped: number;
}

/**
 * `cache_control` for a cache hint: ephemeral (1h when the hint's ttl is 1h); none past the cap.
 * @see spec §4.3 (Anthropic cache breakpoints)
 */
export function cacheControl(breakpoints: CacheBreakpoints, cache: CacheHint | undefined): { type: "ephemeral"; ttl?: "1h" } | undefined {
  if (cache?.type !== "ephemeral" && cache?.type !== "persistent") return undefined;
  if (breakpoints.remaining <= 0) {
    breakpoints.dropped += 1;
    return undefined;
  }
  breakpoints.remaining -= 1;
  return cache.ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}
