import { extnamePath } from "../../../text/path-posix.js";

/** Extensions whose MIME type (the `mime` package) is an image, with that type. @see spec §3.3 */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".ico": "image/vnd.microsoft.icon",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".avif": "image/avif",
  ".heic": "image/heic",
  ".heif": "image/heif",
  ".apng": "image/apng",
  ".jxl": "image/jxl",
};
/** Extensions read as binary without looking at the bytes (BINARY_EXTENSIONS). @see spec §3.3 */
const BINARY_EXTENSIONS = new Set([
  ".bin",
  ".exe",
  ".dll",
  ".so",
  ".dylib",
  ".class",
  ".jar",
  ".war",
  ".zip",
  ".tar",
  ".gz",
  ".bz2",
  ".rar",
  ".7z",
  ".pak",
  ".rpa",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".odt",
  ".ods",
  ".odp",
  ".pyc",
  ".pyo",
  ".dat",
  ".obj",
  ".o",
  ".a",
  ".lib",
  ".wasm",
]);
/**
 * Extensions the `mime` package (its standard table, as the CLI bundles it) gives an audio or
 * video type, with that type (`.ts`/`.mts`, also video/mp2t there, are read as text first).
 * @see spec §3.3 [bundle: packages/core/node_modules/mime/dist/types/standard.js]
 */
const AUDIO_VIDEO_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    (
      [
        ["audio/aac", "adts aac"],
        ["audio/adpcm", "adp"],
        ["audio/amr", "amr"],
        ["audio/basic", "au snd"],
        ["audio/midi", "mid midi kar rmi"],
        ["audio/mobile-xmf", "mxmf"],
        ["audio/mp4", "m4a mp4a m4b"],
        ["audio/mpeg", "mpga mp2 mp2a mp3 m2a m3a"],
        ["audio/ogg", "oga ogg spx opus"],
        ["audio/s3m", "s3m"],
        ["audio/silk", "sil"],
        ["audio/wav", "wav"],
        ["audio/webm", "weba"],
        ["audio/xm", "xm"],
        ["video/3gpp", "3gp 3gpp"],
        ["video/3gpp2", "3g2"],
        ["video/h261", "h261"],
        ["video/h263", "h263"],
        ["video/h264", "h264"],
        ["video/iso.segment", "m4s"],
        ["video/jpeg", "jpgv"],
        ["video/mj2", "mj2 mjp2"],
        ["video/mp2t", "m2t m2ts"],
        ["video/mp4", "mp4 mp4v mpg4"],
        ["video/mpeg", "mpeg mpg mpe m1v m2v"],
        ["video/ogg", "ogv"],
        ["video/quicktime", "qt mov"],
        ["video/webm", "webm"],
      ] as const
    ).flatMap(([type, extensions]) => extensions.split(" ").map((extension) => [`.${extension}`, type])),
  ),
};
/** The audio formats the CLI reads (SUPPORTED_AUDIO_MIME_TYPES_BY_EXTENSION), by extension. @see spec §3.3 */
const SUPPORTED_AUDIO: Readonly<Record<string, string>> = {
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".aiff": "audio/aiff",
  ".aif": "audio/aiff",
  ".aac": "audio/aac",
  ".ogg": "audio/ogg",
  ".flac": "audio/flac",
};
const SUPPORTED_AUDIO_TYPES = new Set(Object.values(SUPPORTED_AUDIO));

/** How Gemini CLI reads a file. @see spec §3.3 [bundle: fileUtils.ts detectFileType] */
export type GeminiFileType =
  | { kind: "text" }
  | { kind: "svg" }
  | { kind: "binary" }
  | { kind: "image"; mimeType: string }
  | { kind: "pdf" }
  | { kind: "audio"; mimeType: string | null }
  | { kind: "video"; mimeType: string };

/**
 * The file type of a path with these bytes: `.ts`-likes text; `.svg`; an image type; an audio or
 * video type only when the bytes are binary (else text); a PDF; a supported audio extension when
 * binary; a listed binary extension; bytes isbinaryfile calls binary; else text. An audio file
 * carries the type the CLI sends (the looked-up type when it is a supported one, else the
 * extension's), null when its format is not supported.
 */
export function geminiFileType(path: string, bytes: Uint8Array): GeminiFileType {
  const extension = extnamePath(path).toLowerCase();
  if (extension === ".ts" || extension === ".mts" || extension === ".cts") return { kind: "text" };
  if (extension === ".svg") return { kind: "svg" };
  const image = IMAGE_TYPES[extension];
  if (image !== undefined) return { kind: "image", mimeType: image };
  const media = AUDIO_VIDEO_TYPES[extension];
  const binary = () => looksBinary(bytes);
  if (media !== undefined) {
    if (!binary()) return { kind: "text" };
    if (media.startsWith("video/")) return { kind: "video", mimeType: media };
    return { kind: "audio", mimeType: SUPPORTED_AUDIO_TYPES.has(media) ? media : (SUPPORTED_AUDIO[extension] ?? null) };
  }
  if (extension === ".pdf") return { kind: "pdf" };
  if (SUPPORTED_AUDIO[extension] !== undefined) return binary() ? { kind: "audio", mimeType: SUPPORTED_AUDIO[extension]! } : { kind: "text" };
  if (BINARY_EXTENSIONS.has(extension)) return { kind: "binary" };
  return binary() ? { kind: "binary" } : { kind: "text" };
}

const MAX_BYTES = 512;
const UTF8_BOUNDARY_RESERVE = 3;

/**
 * isbinaryfile's check on the first 512 bytes: BOMs say text, `%PDF-` binary, a NUL binary, and
 * more than 10% suspicious bytes (control bytes outside 7–14, bytes above 127 that do not start a
 * well-formed UTF-8 sequence) binary; with more than one suspicious byte, binary when the bytes
 * read as protobuf messages.
 * @see spec §3.3 [bundle: isbinaryfile isBinaryCheck]
 */
export function looksBinary(buffer: Uint8Array): boolean {
  const bytesRead = buffer.length;
  if (bytesRead === 0) return false;
  const totalBytes = Math.min(bytesRead, MAX_BYTES + UTF8_BOUNDARY_RESERVE);
  const scanBytes = Math.min(totalBytes, MAX_BYTES);
  const at = (index: number) => buffer[index] ?? 0;
  if (bytesRead >= 3 && at(0) === 239 && at(1) === 187 && at(2) === 191) return false;
  if (bytesRead >= 4 && at(0) === 0 && at(1) === 0 && at(2) === 254 && at(3) === 255) return false;
  if (bytesRead >= 4 && at(0) === 255 && at(1) === 254 && at(2) === 0 && at(3) === 0) return false;
  if (bytesRead >= 4 && at(0) === 132 && at(1) === 49 && at(2) === 149 && at(3) === 51) return false;
  if (totalBytes >= 5 && String.fromCharCode(at(0), at(1), at(2), at(3), at(4)) === "%PDF-") return true;
  if (bytesRead >= 2 && at(0) === 254 && at(1) === 255) return false;
  if (bytesRead >= 2 && at(0) === 255 && at(1) === 254) return false;
  let suspicious = 0;
  const continuation = (index: number) => at(index) >= 128 && at(index) <= 191;
  for (let index = 0; index < scanBytes; index++) {
    const byte = at(index);
    if (byte === 0) return true;
    if ((byte < 7 || byte > 14) && (byte < 32 || byte > 127)) {
      if (byte >= 192 && byte <= 223 && index + 1 < totalBytes) {
        index++;
        if (continuation(index)) continue;
      } else if (byte >= 224 && byte <= 239 && index + 2 < totalBytes) {
        index++;
        if (continuation(index) && continuation(index + 1)) {
          index++;
          continue;
        }
      } else if (byte >= 240 && byte <= 247 && index + 3 < totalBytes) {
        index++;
        if (continuation(index) && continuation(index + 1) && continuation(index + 2)) {
          index += 2;
          continue;
        }
      }
      suspicious++;
      if (index >= 32 && (suspicious * 100) / scanBytes > 10) return true;
    }
  }
  if ((suspicious * 100) / scanBytes > 10) return true;
  return suspicious > 1 && looksLikeProtobuf(buffer, scanBytes);
}

/**
 * isbinaryfile's protobuf heuristic over the first `size` bytes: read protobuf messages (a varint
 * key whose low 3 bits are the wire type: 0 a varint, 1 eight bytes, 2 a varint length and that
 * many bytes, 5 four bytes) until the bytes run out; binary when at least one message was read
 * whole and no key had another wire type. Varints are combined with 32-bit shifts, as JavaScript
 * does. @see spec §3.3 [bundle: isbinaryfile isBinaryProto, readProtoMessage, readProtoVarInt]
 */
function looksLikeProtobuf(buffer: Uint8Array, size: number): boolean {
  let offset = 0;
  let error = false;
  const nextByte = () => {
    if (offset === size || error) {
      error = true;
      return 255;
    }
    return buffer[offset++] ?? 0;
  };
  const skip = (length: number) => {
    for (let i = 0; i < length && !error; i++) nextByte();
  };
  const varInt = () => {
    let index = 0;
    let value = 0;
    while (!error) {
      const byte = nextByte();
      value |= (byte & 127) << (7 * index);
      if ((byte & 128) === 0) break;
      if (index >= 10) {
        error = true;
        break;
      }
      index++;
    }
    return value;
  };
  const message = () => {
    const wireType = varInt() & 7;
    if (wireType === 0) varInt();
    else if (wireType === 1) skip(8);
    else if (wireType === 2) skip(varInt());
    else if (wireType === 5) skip(4);
    else return false;
    return true;
  };
  let messages = 0;
  while (true) {
    if (!message() && !error) return false;
    if (error) break;
    messages++;
  }
  return messages > 0;
}
