import { isLowSurrogate, toWellFormedText, utf8CodePointSize, utf8Length } from "../../../text/utf8-length.js";
import { fitsLimits, newlineBefore, walkTailLines } from "./truncate-line-walk.js";

/** The bash tail (bundle `es`): the kept text and whether anything was cut. */
export interface BashTail {
  text: string;
  cut: boolean;
}

/**
 * v1 bash's own tail truncation of the captured output: whole lines from the end within both
 * limits; when not even the last line fits, that line's last `maxBytes` bytes, starting on a
 * character boundary (a lone surrogate in that piece comes out as U+FFFD, as a byte cut would).
 * @see spec §2.1 step 3
 */
export function truncateBashTail(text: string, maxLines: number, maxBytes: number): BashTail {
  if (fitsLimits(text, maxLines, maxBytes)) return { text, cut: false };
  const walk = walkTailLines(text, maxLines, maxBytes);
  if (walk.kept > 0) return { text: text.slice(walk.start, walk.end), cut: true };
  // The kept piece has at most maxBytes chars (bytes ≥ chars), so the last line's start only
  // matters within that window; searching just the window keeps a 100 MB line cheap.
  const windowStart = Math.max(0, text.length - maxBytes - 2);
  const newline = newlineBefore(text, text.length, text.length - windowStart);
  const lastLineStart = newline === -1 ? windowStart : newline + 1;
  return { text: lastBytesOfLine(text, lastLineStart, maxBytes), cut: true };
}

/** The longest suffix of `text.slice(lineStart)` made of whole characters within `maxBytes`. */
function lastBytesOfLine(text: string, lineStart: number, maxBytes: number): string {
  // Fast path: the last maxBytes chars are maxBytes bytes only when they are all ASCII, and then
  // they are exactly the answer (no character to split, no surrogate to replace).
  const asciiStart = text.length - maxBytes;
  if (asciiStart >= lineStart && utf8Length(text, asciiStart, text.length) === maxBytes) return text.slice(asciiStart);
  let bytes = 0;
  let start = text.length;
  while (start > lineStart) {
    let previous = start - 1;
    if (previous > lineStart && isLowSurrogate(text.charCodeAt(previous))) {
      const size = utf8CodePointSize(text, previous - 1);
      if (size === 4) previous--;
    }
    const size = utf8CodePointSize(text, previous);
    if (bytes + size > maxBytes) break;
    bytes += size;
    start = previous;
  }
  return toWellFormedText(text.slice(start));
}
