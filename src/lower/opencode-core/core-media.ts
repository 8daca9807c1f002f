import { LoweringError } from "../lowering-error.js";

/** @see spec §4.3 (IMAGE_MIMES) */
export const IMAGE_MIMES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
/** @see spec §4.3 (MEDIA_MIMES: images, video, audio) */
export const MEDIA_MIMES: readonly string[] = [
  ...IMAGE_MIMES,
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "audio/wav",
  "audio/mp3",
  "audio/aiff",
  "audio/aac",
  "audio/ogg",
  "audio/flac",
];
export const MAX_MEDIA_ENCODED_BYTES = 29360128;
export const MAX_MEDIA_DECODED_BYTES = 20971520;

// With `length % 4 === 0`, this simple linear class is the same language as groups of four with
// padding only in the last group; it avoids a per-group backtracking regex on 20 MB media.
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const dataUrlPrefix = /^data:([^;,]+);base64,/;

/** Media that passed the checks: lower-cased MIME, canonical base64 and its data URL. */
export interface ValidatedMedia {
  mime: string;
  base64: string;
  dataUrl: string;
}

function utf8Length(text: string): number {
  if (text.length > MAX_MEDIA_ENCODED_BYTES || text.length * 3 <= MAX_MEDIA_ENCODED_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

/**
 * `ProviderShared.validateMedia`: allowed type, a data URL whose type matches, size limits, canonical base64.
 * Throws a LoweringError with opencode's exact text.
 * @see spec §4.3 (validateMedia)
 */
export function validateMedia(route: string, mediaType: string, data: string, allowed: readonly string[]): ValidatedMedia {
  const mime = mediaType.toLowerCase();
  if (!allowed.includes(mime)) throw new LoweringError(`${route} does not support media type ${mediaType}`);
  const invalid = () => new LoweringError(`${route} media must contain valid base64`);
  let base64 = data;
  // A data URL's payload must be base64 characters before anything else is checked; that full
  // scan runs only where it can change which error comes first (the round trip below covers it).
  let payloadChecked = false;
  const payloadIsBase64 = (payload: string) => (payloadChecked = true) && base64Pattern.test(payload);
  if (data.startsWith("data:")) {
    const match = dataUrlPrefix.exec(data.slice(0, 300));
    if (!match) throw invalid();
    const payload = data.slice(match[0].length);
    if (match[1]!.toLowerCase() !== mime) {
      if (!payloadIsBase64(payload)) throw invalid();
      throw new LoweringError(`${route} media type ${mediaType} does not match data URL type ${match[1]}`);
    }
    base64 = payload;
  }
  if (utf8Length(base64) > MAX_MEDIA_ENCODED_BYTES) {
    if (data !== base64 && !payloadChecked && !payloadIsBase64(base64)) throw invalid();
    throw new LoweringError(`${route} media exceeds the ${MAX_MEDIA_ENCODED_BYTES} byte encoded limit`);
  }
  if (!base64) throw invalid();
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw invalid();
  }
  // A round trip that gives the same text proves valid and canonical base64 in one pass; the
  // character check runs only to tell "not base64" from "not canonical" (in that order, §4.3).
  const canonical = btoa(binary) === base64;
  if (!canonical && (base64.length % 4 !== 0 || !base64Pattern.test(base64))) throw invalid();
  if (binary.length > MAX_MEDIA_DECODED_BYTES) throw new LoweringError(`${route} media exceeds the ${MAX_MEDIA_DECODED_BYTES} byte decoded limit`);
  if (!canonical) throw new LoweringError(`${route} media must contain canonical base64`);
  return { mime, base64, dataUrl: `data:${mime};base64,${base64}` };
}
