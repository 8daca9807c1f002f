import { extnamePath } from "../../../text/path-posix.js";

/** Read's token cap (maxTokens): count_tokens is asked when the rough estimate is over a quarter of it. @see spec §4.6 */
const READ_MAX_TOKENS = 25000;

/**
 * Read's rough token estimate of a text, before it asks count_tokens: its length in UTF-16 code
 * units divided by the bytes per token of its extension (2 for `.json`, `.jsonl`, `.jsonc`,
 * else 4), rounded half up (`Math.round`). Bundle: `lzn(e,n){return Wl(e,O(n))}`, `O` the
 * per-extension divisor, `Wl` → `Math.round(e.length/n)`.
 * @see spec §4.6
 */
export function claudeReadTokenEstimate(text: string, path: string): number {
  const extension = extnamePath(path).toLowerCase();
  const bytesPerToken = extension === ".json" || extension === ".jsonl" || extension === ".jsonc" ? 2 : 4;
  return Math.round(text.length / bytesPerToken);
}

/**
 * Whether Read asks count_tokens for a text: its estimate is over maxTokens / 4 (6,250), so a
 * text file from 25,002 UTF-16 code units (a JSON one from 12,501). Bundle: `jws`,
 * `if(!Y||Y<=H/4)return Y||void 0` before the request. @see spec §4.6
 */
export function claudeReadAsksCountTokens(text: string, path: string): boolean {
  return claudeReadTokenEstimate(text, path) > READ_MAX_TOKENS / 4;
}
