/**
 * UTF-8 byte lengths of JS strings, counted the way `Buffer.byteLength(s, "utf-8")` and
 * `TextEncoder` count them: a surrogate pair is 4 bytes and a lone surrogate is 3 (it encodes as
 * U+FFFD). Pure and allocation-free, so it can scan 100 MB strings without copying them. The one
 * UTF-8 counter of correx: every profile, the gate and the report count with it.
 * @see spec §0 notation ("bytes" = UTF-8 bytes), §3.1 step 1
 */

import { bufferHost } from "./buffer-host.js";

const CHUNK = 1 << 16;
const ENCODER = new TextEncoder();
let scratch: Uint8Array | undefined;

/** Bytes of `text.slice(start, end)` in UTF-8. A pair cut by `end` counts as a lone surrogate. */
export function utf8Length(text: string, start = 0, end = text.length): number {
  if (end - start < 512) return utf8LengthByLoop(text, start, end);
  // TextEncoder.encodeInto runs natively and copies ASCII runs word by word, the fastest count
  // for ASCII text. Once a chunk holds other characters, Node's Buffer.byteLength (when the host
  // has it) counts the rest, about 1.5× faster than encoding on two-byte strings. Chunks never
  // split a surrogate pair, and the scratch buffer holds 3 bytes per unit, so encodeInto always
  // consumes a whole chunk.
  scratch ??= new Uint8Array(CHUNK * 3);
  const host = bufferHost();
  let bytes = 0;
  let from = start;
  while (from < end) {
    let to = Math.min(from + CHUNK, end);
    if (to < end && isHighSurrogate(text.charCodeAt(to - 1)) && isLowSurrogate(text.charCodeAt(to))) to--;
    const written = ENCODER.encodeInto(text.slice(from, to), scratch).written;
    bytes += written;
    const ascii = written === to - from;
    from = to;
    if (!ascii && from < end && host !== undefined) return bytes + host.byteLength(text.slice(from, end), "utf8");
  }
  return bytes;
}

function utf8LengthByLoop(text: string, start: number, end: number): number {
  let bytes = end - start;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 2;
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

/**
 * Whether `utf8Length(text) <= limit`, without counting when the length in UTF-16 units already
 * exceeds it (every unit is at least one byte).
 */
export function utf8LengthAtMost(text: string, limit: number): boolean {
  return text.length <= limit && utf8Length(text) <= limit;
}

/**
 * Bytes of `text.slice(start, end)`, but stops counting once the total exceeds `cap`:
 * the result is exact when ≤ cap, and some value > cap otherwise.
 */
export function utf8LengthUpTo(text: string, start: number, end: number, cap: number): number {
  if (end - start > cap) return end - start;
  return utf8Length(text, start, end);
}

/** Bytes of the code point starting at `index` (4 for a pair, else 1–3). */
export function utf8CodePointSize(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) {
    return 4;
  }
  return 3;
}

/** True for U+DC00–U+DFFF. */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True for U+D800–U+DBFF. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Replaces lone surrogates with U+FFFD, which is what a round trip through UTF-8 bytes does
 * (`Buffer.from(s).toString()`). Returns `text` itself when it is already well formed.
 */
export function toWellFormedText(text: string): string {
  let out: string | undefined;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (isHighSurrogate(code) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      i++;
      continue;
    }
    out = (out ?? "") + text.slice(copied, i) + "\ufffd";
    copied = i + 1;
  }
  return out === undefined ? text : out + text.slice(copied);
}
