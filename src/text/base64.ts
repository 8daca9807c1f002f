/**
 * A small standard-alphabet base64 codec (RFC 4648 §4, with padding), so pure stages can turn
 * observation bytes into data: URLs without `node:buffer`.
 * @see spec §2.2 step 5 (`data:<mime>;base64,<whole file>`), §1.3 (FilePart urls)
 */
import { BigStringMemo } from "./big-string-memo.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
DECODE["-".charCodeAt(0)] = 62;
DECODE["_".charCodeAt(0)] = 63;

/** Canonical padded base64 of `bytes`. */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length);
    let out = "";
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    }
    if (end - i === 1) {
      const n = bytes[i] << 16;
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + "==";
    } else if (end - i === 2) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + "=";
    }
    parts.push(out);
  }
  return parts.join("");
}

/**
 * Bytes of a base64 string. Whitespace and padding are ignored, the URL-safe alphabet is
 * accepted; any other character throws.
 */
export function decodeBase64(text: string): Uint8Array {
  // Fast path: the platform's forgiving-base64 decoder (native) gives the same bytes wherever it
  // accepts the text; the URL-safe alphabet and stray padding fall through to the loop below.
  let binary: string | undefined;
  try {
    binary = atob(text);
  } catch {}
  if (binary !== undefined) {
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  const values: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (skipped(code)) continue;
    const value = code < 128 ? DECODE[code] : -1;
    if (value < 0) throw new Error(`Invalid base64 character at ${i}`);
    values.push(value);
  }
  const out = new Uint8Array(Math.floor((values.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let o = 0;
  for (const value of values) {
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/** Padding and the whitespace decodeBase64's own loop skips. */
const skipped = (code: number) => code === 0x3d || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** Offset of the first character decodeBase64 would refuse, or -1 where it decodes the text. */
export function findNonBase64Character(text: string): number {
  try {
    atob(text);
    return -1; // its fast path takes it
  } catch {}
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!skipped(code) && (code >= 128 || DECODE[code] < 0)) return i;
  }
  return -1;
}

/** Decoded byte counts of big base64 strings already counted (the same media in several cases). */
const decodedLengths = new BigStringMemo<number>();

/** Decoded byte count of a base64 string without decoding it (whitespace and padding ignored). */
export function base64DecodedLength(text: string): number {
  return decodedLengths.get(text, text.length, () => countDecodedBytes(text));
}

function countDecodedBytes(text: string): number {
  // Fast path (the common case, and a 10 MB blob): no whitespace, so only trailing padding to skip.
  // Four memchr-backed searches cost less than one regex pass over a 28 MB blob.
  if (text.indexOf(" ") === -1 && text.indexOf("\n") === -1 && text.indexOf("\r") === -1 && text.indexOf("\t") === -1) {
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
    let inner = 0;
    for (let index = text.indexOf("="); index !== -1 && index < end; index = text.indexOf("=", index + 1)) inner++;
    return Math.floor(((end - inner) * 6) / 8);
  }
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    count++;
  }
  return Math.floor((count * 6) / 8);
}
