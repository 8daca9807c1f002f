import { isLowSurrogate, toWellFormedText, utf8CodePointSize } from "./text-utf8-length.js";
import { fitsLimits, walkTailLines } from "./truncate-line-walk.js";

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
  const lastLineStart = text.lastIndexOf("\n") + 1;
  return { text: lastBytesOfLine(text, lastLineStart, maxBytes), cut: true };
}

/** The longest suffix of `text.slice(lineStart)` made of whole characters within `maxBytes`. */
function lastBytesOfLine(text: string, lineStart: number, maxBytes: number): string {
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
