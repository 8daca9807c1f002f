import { countNewlines } from "../../../text/count-newlines.js";
import { takeHeadBytes, takeTailBytes } from "../../../text/utf8-cut.js";
import { utf8Length, utf8LengthAtMost } from "../../../text/utf8-length.js";

/** What `split` keeps of a text: a head and a tail ("" when there is none). */
export interface HeadTail {
  head: string;
  tail: string;
}

/**
 * The marker that replaces the cut part of a bounded output.
 * @see spec §3.2 step 4
 */
export function truncationMarker(path: string): string {
  return `... output truncated; full content saved to ${path} ...`;
}

/**
 * `1 + number of "\n"`, but counting stops once the count exceeds `cap` (callers only compare).
 * @see spec §3.2 step 3 (lineCount)
 */
export function lineCountUpTo(text: string, cap: number): number {
  return countNewlines(text, cap - 1) + 1;
}

/** The first `count` lines of `text` (split on "\n"), joined by "\n". */
export function firstLines(text: string, count: number): string {
  if (count <= 0) return "";
  let at = -1;
  for (let i = 0; i < count; i++) {
    at = text.indexOf("\n", at + 1);
    if (at === -1) return text;
  }
  return text.slice(0, at);
}

/**
 * `bound`'s preview: the marker alone when the budgets are too small for it, else
 * `head⏎⏎marker⏎⏎tail` (or `head⏎⏎marker` when the tail is empty).
 * @see spec §3.2 step 5 (preview, bundle kB)
 */
export function preview(full: string, marker: string, maxLines: number, maxBytes: number): string {
  const markerBytes = utf8Length(marker);
  if (maxLines <= 4 || maxBytes <= markerBytes + 4) return firstLines(takeHeadBytes(marker, maxBytes), maxLines);
  const { head, tail } = split(full, maxLines - 4, maxBytes - markerBytes - 4);
  return tail === "" ? `${head}\n\n${marker}` : `${head}\n\n${marker}\n\n${tail}`;
}

/**
 * Keeps `ceil(L/2)` head lines and `floor(L/2)` tail lines when the text has more than L lines,
 * then, if that join S is over B bytes, the first `ceil(B/2)` and last `floor(B/2)` bytes of S
 * (code-point safe, so the windows can span the head/tail junction).
 * Finds line boundaries with indexOf from each end instead of splitting the whole text.
 * @see spec §3.2 step 6 (split, bundle tB)
 */
export function split(text: string, maxLines: number, maxBytes: number): HeadTail {
  const headCount = Math.ceil(maxLines / 2);
  const tailCount = Math.floor(maxLines / 2);
  const headEnd = lineEndAfter(text, headCount);
  const overLines = headEnd !== -1 && lineCountUpTo(text, maxLines) > maxLines;
  if (!overLines) {
    if (utf8LengthAtMost(text, maxBytes)) return { head: text, tail: "" };
    return { head: takeHeadBytes(text, Math.ceil(maxBytes / 2)), tail: takeTailBytes(text, Math.floor(maxBytes / 2)) };
  }
  const head = text.slice(0, headEnd);
  const tail = tailCount === 0 ? "" : text.slice(lineStartBefore(text, tailCount));
  const joined = tailCount === 0 ? head : `${head}\n${tail}`;
  if (utf8LengthAtMost(joined, maxBytes)) return { head, tail };
  return { head: takeHeadBytes(joined, Math.ceil(maxBytes / 2)), tail: takeTailBytes(joined, Math.floor(maxBytes / 2)) };
}

/** Index of the "\n" that ends line number `count` (1-based), or -1 when the text has no more lines. */
function lineEndAfter(text: string, count: number): number {
  let at = -1;
  for (let i = 0; i < count; i++) {
    at = text.indexOf("\n", at + 1);
    if (at === -1) return -1;
  }
  return at;
}

/** Index where the last `count` lines start (the text holds more than `count` lines). */
function lineStartBefore(text: string, count: number): number {
  let at = text.length;
  for (let i = 0; i < count; i++) at = text.lastIndexOf("\n", at - 1);
  return at + 1;
}
