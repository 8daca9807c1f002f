/** What the profile can tell of an image file from its bytes. */
export type ImageFacts = { kind: "image"; mime: "image/png" | "image/jpeg" | "image/webp"; width: number; height: number } | { kind: "undecodable" } | { kind: "unmodelled"; why: string };

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * Sniffs an image the way Codex's image library guesses formats (by magic number), and reads its
 * size: PNG (every chunk's length and CRC checked, IHDR first, IEND last: a truncated PNG is
 * undecodable, observed), JPEG (its SOF marker), WebP (VP8, VP8L or VP8X). BMP, TIFF and ICO are
 * undecodable in 0.171.0's build (observed); GIF is decoded and re-encoded (unmodelled); the other
 * formats the library sniffs (Radiance HDR, OpenEXR, PNM, farbfeld, QOI, DDS, AVIF) are unmodelled;
 * anything else is undecodable.
 * @see spec §5.2
 */
export function imageFacts(bytes: Uint8Array): ImageFacts {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngFacts(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegFacts(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return webpFacts(bytes);
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return { kind: "unmodelled", why: "a GIF (re-encoded as PNG by Codex)" };
  if (ascii(bytes, 0, 2) === "BM" || startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) || startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) {
    return { kind: "undecodable" };
  }
  const head = ascii(bytes, 0, 12);
  if (
    head.startsWith("#?RADIANCE") ||
    startsWith(bytes, [0x76, 0x2f, 0x31, 0x01]) ||
    /^P[1-7]\s/.test(head) ||
    head.startsWith("farbfeld") ||
    head.startsWith("qoif") ||
    head.startsWith("DDS ") ||
    (ascii(bytes, 4, 8) === "ftyp" && /avi[fs]/.test(ascii(bytes, 8, 12)))
  ) {
    return { kind: "unmodelled", why: "an image format Codex's image library sniffs but the profile does not decode" };
  }
  return { kind: "undecodable" };
}

function pngFacts(bytes: Uint8Array): ImageFacts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return { kind: "undecodable" };
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) return { kind: "undecodable" };
    if (first) {
      if (type !== "IHDR" || length !== 13) return { kind: "undecodable" };
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      first = false;
    }
    if (type === "IEND") return width > 0 && height > 0 ? { kind: "image", mime: "image/png", width, height } : { kind: "undecodable" };
    offset = end;
  }
  return { kind: "undecodable" };
}

function jpegFacts(bytes: Uint8Array): ImageFacts {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { kind: "unmodelled", why: "a JPEG the profile cannot walk" };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && offset + 9 <= bytes.length) {
      const height = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      const width = (bytes[offset + 7]! << 8) | bytes[offset + 8]!;
      if (width === 0 || height === 0) return { kind: "unmodelled", why: "a JPEG without a size in its frame header" };
      if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return { kind: "unmodelled", why: "a JPEG without its end marker" };
      return { kind: "image", mime: "image/jpeg", width, height };
    }
    offset += 2 + length;
  }
  return { kind: "unmodelled", why: "a JPEG without a frame header" };
}

function webpFacts(bytes: Uint8Array): ImageFacts {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === "VP8 " && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { kind: "image", mime: "image/webp", width: ((bytes[27]! << 8) | bytes[26]!) & 0x3fff, height: ((bytes[29]! << 8) | bytes[28]!) & 0x3fff };
  }
  if (chunk === "VP8L" && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { kind: "image", mime: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30) {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return { kind: "image", mime: "image/webp", width, height };
  }
  return { kind: "unmodelled", why: "a WebP the profile cannot read the size of" };
}

let table: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC, the PNG chunk check). */
function crc32(bytes: Uint8Array): number {
  if (table === undefined) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
