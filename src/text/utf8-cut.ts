/**
 * Cutting JS strings to a UTF-8 byte budget on whole code points, from the start or the end.
 * A lone surrogate counts 3 bytes, as `Buffer.byteLength` counts it (it is encoded as U+FFFD).
 * @see spec §0 notation ("bytes" = `Buffer.byteLength(s, "utf-8")`), §3.2 step 6 (takeHeadBytes/takeTailBytes)
 */
import { isHighSurrogate as isHigh, isLowSurrogate as isLow, utf8Length } from "./utf8-length.js";

/**
 * The longest prefix of whole code points whose UTF-8 size is at most `budget` bytes:
 * iterates from the start and stops before the first code point that would exceed it.
 * @see spec §3.2 step 6 (takeHeadBytes)
 */
export function takeHeadBytes(text: string, budget: number): string {
  // Fast path: `budget` units of one byte each are exactly `budget` bytes (no unit is smaller).
  const candidate = text.length <= budget ? text : text.slice(0, Math.max(0, budget));
  const candidateBytes = utf8Length(candidate);
  if (candidateBytes <= budget && (candidate === text || candidateBytes === candidate.length)) return candidate;
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let size = 3;
    let units = 1;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      size = 4;
      units = 2;
    }
    if (bytes + size > budget) break;
    bytes += size;
    i += units;
  }
  return text.slice(0, i);
}

/**
 * The longest suffix of whole code points whose UTF-8 size is at most `budget` bytes:
 * iterates from the end and stops before the first code point that would exceed it.
 * @see spec §3.2 step 6 (takeTailBytes)
 */
export function takeTailBytes(text: string, budget: number): string {
  const candidate = text.length <= budget ? text : text.slice(text.length - Math.max(0, budget));
  const candidateBytes = utf8Length(candidate);
  if (candidateBytes <= budget && (candidate === text || candidateBytes === candidate.length)) return candidate;
  let bytes = 0;
  let i = text.length;
  while (i > 0) {
    const unit = text.charCodeAt(i - 1);
    let size = 3;
    let units = 1;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (isLow(unit) && i - 2 >= 0 && isHigh(text.charCodeAt(i - 2))) {
      size = 4;
      units = 2;
    }
    if (bytes + size > budget) break;
    bytes += size;
    i -= units;
  }
  return text.slice(i);
}
