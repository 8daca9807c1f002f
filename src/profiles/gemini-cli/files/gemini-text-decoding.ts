/**
 * A UTF-16 file the CLI cannot read: its bytes after a big-endian BOM are odd in number, and
 * Node's `swap16` refuses them (the read fails with this message). @see spec §3.1 [observed: unseen batch 3]
 */
export const ODD_UTF16BE_MESSAGE = "Buffer size must be a multiple of 16-bits";

/** UTF-16 code units as Node's `Buffer.toString("utf16le")` reads them: a last odd byte dropped, lone surrogates kept. */
function utf16CodeUnits(bytes: Uint8Array, bigEndian: boolean): string {
  const units: string[] = [];
  const CHUNK = 8192;
  let chunk: number[] = [];
  for (let at = 0; at + 1 < bytes.length; at += 2) {
    chunk.push(bigEndian ? (bytes[at]! << 8) | bytes[at + 1]! : bytes[at]! | (bytes[at + 1]! << 8));
    if (chunk.length === CHUNK) {
      units.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  units.push(String.fromCharCode(...chunk));
  return units.join("");
}

/**
 * A file's text as Gemini CLI reads it: a UTF-8 BOM is dropped, a UTF-16 BOM selects UTF-16
 * (read as Node's Buffer does: little-endian drops an odd last byte; big-endian with an odd count
 * is `{ error }`, the read failing), otherwise UTF-8 with U+FFFD for invalid sequences. (UTF-32
 * BOMs are not modelled: null.)
 * @see docs/spec/gemini-cli-0.61.0.md §3.1 [bundle: fileUtils.ts readFileWithEncoding; observed: unseen batch 3]
 */
export function decodeGeminiText(bytes: Uint8Array): string | null | { error: string } {
  if (bytes.length === 0) return "";
  if (bytes.length >= 4 && ((bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0))) return null;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return utf16CodeUnits(bytes.subarray(2), false);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.length % 2 === 1 ? { error: ODD_UTF16BE_MESSAGE } : utf16CodeUnits(bytes.subarray(2), true);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}
