import { countNewlines } from "../../../text/count-newlines.js";
import { utf8Length } from "../../../text/utf8-length.js";

/**
 * The line walks shared by `Truncate.output` (§3.1) and the bash tail (§2.1 step 3), computed on
 * index ranges instead of `text.split("\n")` so 100 MB outputs cost one bounded scan.
 * A "line" is a `split("\n")` element: `\r` stays in the line, a trailing `\n` adds an empty line.
 */

/** Where a walk stopped. `start`/`end` bound the kept text (`preview`) inside the input. */
export interface LineWalk {
  /** Lines kept (split elements). */
  kept: number;
  /** UTF-8 bytes of the kept text, separators included. */
  bytes: number;
  /** The byte budget stopped the walk (as opposed to the line budget or the input's end). */
  hitBytes: boolean;
  /** Kept text = `text.slice(start, end)` (empty when `kept` is 0). */
  start: number;
  end: number;
}

/**
 * Whether `text` is within both limits, both comparisons inclusive.
 * @see spec §3.1 step 2, §2.1 step 3 ("If line count ≤ maxLines and bytes ≤ maxBytes")
 */
export function fitsLimits(text: string, maxLines: number, maxBytes: number): boolean {
  // UTF-8 bytes ≥ UTF-16 units, so a long string is over the byte limit without counting.
  if (text.length > maxBytes) return false;
  if (countNewlines(text, maxLines) + 1 > maxLines) return false;
  return utf8Length(text) <= maxBytes;
}

/**
 * Index of the first `\n` in `[from, from + window)`, -1 when there is none in that window.
 * Searches a slice so a huge line costs `window` chars, not the rest of the text.
 */
function newlineAfter(text: string, from: number, window: number): number {
  if (from + window >= text.length) return text.indexOf("\n", from);
  const index = text.slice(from, from + window).indexOf("\n");
  return index === -1 ? -1 : from + index;
}

/** Chunk of the backward newline search (see `newlineBefore`). */
const BACKWARD_CHUNK = 4096;

/**
 * Index of the last `\n` in `[max(0, end - window), end)`, -1 when there is none there.
 * `lastIndexOf` walks a string char by char (about 40× slower than the memchr behind `indexOf`),
 * so the search goes back chunk by chunk, lets `indexOf` skip chunks without a newline, and
 * runs `lastIndexOf` only inside the chunk that has one: a huge line costs one fast pass over the
 * window, short lines cost a few chars each.
 */
export function newlineBefore(text: string, end: number, window: number): number {
  const floor = Math.max(0, end - window);
  for (let chunkEnd = end; chunkEnd > floor; chunkEnd -= BACKWARD_CHUNK) {
    const chunkStart = Math.max(floor, chunkEnd - BACKWARD_CHUNK);
    const chunk = text.slice(chunkStart, chunkEnd);
    if (chunk.indexOf("\n") !== -1) return chunkStart + chunk.lastIndexOf("\n");
  }
  return -1;
}

/**
 * Keeps lines from the start while `bytes + byteLength(line) + (i > 0 ? 1 : 0) ≤ maxBytes` and
 * `i < maxLines`.
 * @see spec §3.1 step 3
 */
export function walkHeadLines(text: string, maxLines: number, maxBytes: number): LineWalk {
  let kept = 0;
  let bytes = 0;
  let end = 0;
  let from = 0;
  while (kept < maxLines && from <= text.length) {
    const separator = kept > 0 ? 1 : 0;
    const budget = maxBytes - bytes - separator;
    // A line with more chars than the budget has more bytes than the budget.
    const window = Math.max(budget, 0) + 1;
    const newline = newlineAfter(text, from, window);
    const lineEnd = newline === -1 ? text.length : newline;
    const size = lineEnd - from > budget ? budget + 1 : utf8Length(text, from, lineEnd);
    if (size > budget) return { kept, bytes, hitBytes: true, start: 0, end };
    bytes += size + separator;
    kept++;
    end = lineEnd;
    from = newline === -1 ? text.length + 1 : newline + 1;
  }
  return { kept, bytes, hitBytes: false, start: 0, end: kept > 0 ? end : 0 };
}

/**
 * Keeps lines from the end while `bytes + byteLength(line) + (1 if any kept) ≤ maxBytes` and
 * fewer than `maxLines` are kept.
 * @see spec §3.1 step 4, §2.1 step 3
 */
export function walkTailLines(text: string, maxLines: number, maxBytes: number): LineWalk {
  let kept = 0;
  let bytes = 0;
  let start = text.length;
  let end = text.length;
  while (kept < maxLines && end >= 0) {
    const separator = kept > 0 ? 1 : 0;
    const budget = maxBytes - bytes - separator;
    const window = Math.max(budget, 0) + 1;
    const newline = newlineBefore(text, end, window);
    const lineStart = newline + 1;
    if (newline === -1 && end - window > 0) {
      return { kept, bytes, hitBytes: true, start, end: text.length };
    }
    const size = end - lineStart > budget ? budget + 1 : utf8Length(text, lineStart, end);
    if (size > budget) return { kept, bytes, hitBytes: true, start, end: text.length };
    bytes += size + separator;
    kept++;
    start = lineStart;
    end = newline;
  }
  return { kept, bytes, hitBytes: false, start: kept > 0 ? start : text.length, end: text.length };
}
