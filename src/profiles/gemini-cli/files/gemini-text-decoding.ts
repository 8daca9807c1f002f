/**
 * A file's text as Gemini CLI reads it: a UTF-8 BOM is dropped, a UTF-16 BOM selects UTF-16,
 * otherwise UTF-8 with U+FFFD for invalid sequences. (UTF-32 BOMs are not modelled: null.)
 * @see docs/spec/gemini-cli-0.61.0.md §3.1 [bundle: fileUtils.ts readFileWithEncoding]
 */
export function decodeGeminiText(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return "";
  if (bytes.length >= 4 && ((bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0))) return null;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le", { ignoreBOM: true }).decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be", { ignoreBOM: true }).decode(bytes.subarray(2));
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}
