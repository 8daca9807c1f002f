import { type BufferHost, bufferHost } from "../../text/buffer-host.js";
import { LoweringError } from "../lowering-error.js";

/** @see spec §4.3 (IMAGE_MIMES) */
export const IMAGE_MIMES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
/** @see spec §4.3 (MEDIA_MIMES: images, video, audio) */
export const MEDIA_MIMES: readonly string[] = [...IMAGE_MIMES, "video/mp4", "video/webm", "video/quicktime", "audio/wav", "audio/mp3", "audio/aiff", "audio/aac", "audio/ogg", "audio/flac"];
export const MAX_MEDIA_ENCODED_BYTES = 29360128;
export const MAX_MEDIA_DECODED_BYTES = 20971520;

// With `length % 4 === 0`, this simple linear class is the same language as groups of four with
// padding only in the last group; it avoids a per-group backtracking regex on 20 MB media. Without
// the length rule it is the payload part of the bundle's data-URL pattern
// `^data:([^;,]+);base64,([A-Za-z0-9+/]*={0,2})$`.
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
// The data URL's media type: everything up to the first `;` or `,` (sticky, so it stops there).
const dataUrlType = /[^;,]+/y;
const BASE64_MARKER = ";base64,";

/** Media that passed the checks: lower-cased MIME, canonical base64 and its data URL. */
export interface ValidatedMedia {
  mime: string;
  base64: string;
  dataUrl: string;
}

/** The UTF-8 byte count, or just the length where that already decides the encoded-limit check. */
function utf8Length(text: string): number {
  if (text.length > MAX_MEDIA_ENCODED_BYTES || text.length * 3 <= MAX_MEDIA_ENCODED_BYTES) return text.length;
  return bufferHost()?.byteLength(text, "utf8") ?? new TextEncoder().encode(text).length;
}

const STANDARD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Characters of a 4-char group, decoded 64K at a time into a fixed scratch buffer. */
const DECODE_CHUNK = 1 << 16;
let decodeScratch: ReturnType<BufferHost["allocUnsafe"]> | undefined;

/**
 * The decoded byte count when `base64` is canonical padded base64, else undefined: the verdict of
 * `btoa(atob(text)) === text`, without atob/btoa's JavaScript loops or a 20 MB buffer.
 *
 * Node's decoder (`buf.write(text, "base64")`) is lenient: it skips characters outside its
 * alphabet, stops at `=`, and also takes the URL-safe `-` and `_`. A skipped or stopped character
 * always lowers the byte count of its chunk below the full `chars / 4 * 3` (minus the padding at the
 * end), so full counts prove every character valid; `-`, `_`, characters above U+00FF (which the
 * decoder reads by their low byte) and non-zero bits before the padding are ruled out separately.
 */
function canonicalBase64Length(base64: string): number | undefined {
  const host = bufferHost();
  if (host === undefined) return canonicalBase64LengthByRoundTrip(base64);
  const length = base64.length;
  if (length % 4 !== 0) return undefined;
  // On a one-byte string V8 answers this without scanning: no character can be above U+00FF.
  if (/[\u0100-\uffff]/.test(base64)) return undefined;
  if (base64.indexOf("-") !== -1 || base64.indexOf("_") !== -1) return undefined;
  const pad = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (pad > 0) {
    // The last data character must not carry bits the padding drops.
    const last = STANDARD_ALPHABET.indexOf(base64.charAt(length - pad - 1));
    if (last === -1 || (last & (pad === 2 ? 0b1111 : 0b11)) !== 0) return undefined;
  }
  decodeScratch ??= host.allocUnsafe((DECODE_CHUNK / 4) * 3);
  let bytes = 0;
  for (let from = 0; from < length; from += DECODE_CHUNK) {
    const to = Math.min(from + DECODE_CHUNK, length);
    const full = ((to - from) / 4) * 3 - (to === length ? pad : 0);
    const written = decodeScratch.write(base64.slice(from, to), "base64");
    if (written !== full) return undefined;
    bytes += written;
  }
  return bytes;
}

/** The same verdict without Node's Buffer: the plain round trip (JavaScript loops, slow on big media). */
function canonicalBase64LengthByRoundTrip(base64: string): number | undefined {
  try {
    const binary = atob(base64);
    return btoa(binary) === base64 ? binary.length : undefined;
  } catch {
    return undefined;
  }
}

/** The `data:<type>;base64,` head of a data URL: its type and where the payload starts; undefined when there is none. */
function dataUrlHead(data: string): { type: string; payloadStart: number } | undefined {
  dataUrlType.lastIndex = "data:".length;
  const match = dataUrlType.exec(data);
  if (!match) return undefined;
  const end = dataUrlType.lastIndex;
  if (!data.startsWith(BASE64_MARKER, end)) return undefined;
  return { type: match[0], payloadStart: end + BASE64_MARKER.length };
}

/**
 * `ProviderShared.validateMedia`: allowed type; for a data URL, the whole URL matches
 * `^data:([^;,]+);base64,([A-Za-z0-9+/]*={0,2})$` (else `media data URL must contain valid base64`)
 * and its type matches; then the encoded limit, valid base64 (`media must contain valid base64`),
 * the decoded limit, canonical base64. Throws a LoweringError with opencode's exact text.
 *
 * The same checks in the same order as the 1.18.33 bundle, but large media is scanned once: a chunked
 * native decode that proves valid, canonical base64 (and so a payload the data-URL pattern accepts);
 * the character scans run only where they decide which error comes first.
 * @see spec §4.3 (validateMedia)
 */
export function validateMedia(route: string, mediaType: string, data: string, allowed: readonly string[]): ValidatedMedia {
  const mime = mediaType.toLowerCase();
  if (!allowed.includes(mime)) throw new LoweringError(`${route} does not support media type ${mediaType}`);
  const invalid = () => new LoweringError(`${route} media must contain valid base64`);
  const invalidDataUrl = () => new LoweringError(`${route} media data URL must contain valid base64`);
  const isDataUrl = data.startsWith("data:");
  let base64 = data;
  let fails: boolean | undefined;
  /** Does the text fail the base64 character pattern? Scanned at most once. */
  const patternFails = () => (fails ??= !base64Pattern.test(base64));
  /** For a data URL, a payload failing the pattern is the data-URL error, ahead of every later check. */
  const dataUrlFails = () => isDataUrl && patternFails();
  if (isDataUrl) {
    const head = dataUrlHead(data);
    if (!head) throw invalidDataUrl();
    base64 = data.slice(head.payloadStart);
    if (head.type.toLowerCase() !== mime) {
      if (dataUrlFails()) throw invalidDataUrl();
      throw new LoweringError(`${route} media type ${mediaType} does not match data URL type ${head.type}`);
    }
  }
  if (utf8Length(base64) > MAX_MEDIA_ENCODED_BYTES) {
    if (dataUrlFails()) throw invalidDataUrl();
    throw new LoweringError(`${route} media exceeds the ${MAX_MEDIA_ENCODED_BYTES} byte encoded limit`);
  }
  if (!base64) throw invalid();
  const canonicalLength = canonicalBase64Length(base64);
  if (canonicalLength !== undefined) {
    if (canonicalLength > MAX_MEDIA_DECODED_BYTES) throw new LoweringError(`${route} media exceeds the ${MAX_MEDIA_DECODED_BYTES} byte decoded limit`);
    return { mime, base64, dataUrl: `data:${mime};base64,${base64}` };
  }
  // Not canonical (atob's verdict agrees): which error opencode reports first.
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw dataUrlFails() ? invalidDataUrl() : invalid();
  }
  if (dataUrlFails()) throw invalidDataUrl();
  if (base64.length % 4 !== 0 || patternFails()) throw invalid();
  if (binary.length > MAX_MEDIA_DECODED_BYTES) throw new LoweringError(`${route} media exceeds the ${MAX_MEDIA_DECODED_BYTES} byte decoded limit`);
  throw new LoweringError(`${route} media must contain canonical base64`);
}
