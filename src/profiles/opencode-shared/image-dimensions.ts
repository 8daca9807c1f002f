/** Pixel size of an image as its header declares it. */
export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The width and height the header of a PNG (IHDR), GIF (logical screen), JPEG (a baseline,
 * extended or progressive SOF0–SOF2 frame), WebP (VP8, VP8L or VP8X) or BMP (DIB header) declares:
 * the size `PhotonImage.get_width()`/`get_height()` report once photon decodes it.
 * `undecodable` where the bytes end before the size (a PNG shorter than its IHDR or not starting
 * with one, a GIF shorter than its 13-byte header, a JPEG that ends before any frame header):
 * photon cannot decode those. Undefined for any other bytes or a header this reader does not know
 * (arithmetic or lossless JPEG, a scan before the frame), where the caller cannot tell what photon does.
 * @see spec §2.14b
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | "undecodable" | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngDimensions(bytes);
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return bytes.length >= 13 ? sized(uint16le(bytes, 6), uint16le(bytes, 8)) : "undecodable";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegDimensions(bytes);
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return webpDimensions(bytes);
  if (startsWith(bytes, [0x42, 0x4d])) return bmpDimensions(bytes);
  return undefined;
}

/** IHDR must be the first chunk: width and height as big-endian 32-bit at 16 and 20. */
function pngDimensions(bytes: Uint8Array): ImageDimensions | "undecodable" | undefined {
  if (bytes.length < 24 || !startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return "undecodable";
  return sized(uint32be(bytes, 16), uint32be(bytes, 20));
}

/** Walks the marker segments to the first SOF; SOF0–SOF2 give height then width (big-endian). */
function jpegDimensions(bytes: Uint8Array): ImageDimensions | "undecodable" | undefined {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda) return undefined;
    if (marker === 0xd9 || at + 3 >= bytes.length) return "undecodable";
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (at + 8 >= bytes.length) return "undecodable";
      return sized(uint16be(bytes, at + 7), uint16be(bytes, at + 5));
    }
    if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return undefined;
    at += 2 + length;
  }
  return "undecodable";
}

/** The first chunk after `WEBP`: `VP8 ` (14-bit sizes at 26/28), `VP8L` (14-bit sizes − 1 at 21), `VP8X` (24-bit sizes − 1 at 24/27). */
function webpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 " && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return sized(uint16le(bytes, 26) & 0x3fff, uint16le(bytes, 28) & 0x3fff);
  if (chunk === "VP8L" && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X" && bytes.length >= 30) return sized(uint24le(bytes, 24) + 1, uint24le(bytes, 27) + 1);
  return undefined;
}

/** OS/2 core header (12 bytes): 16-bit sizes at 18/20; larger headers: signed 32-bit at 18/22 (a negative height is top-down). */
function bmpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (bytes.length < 26) return undefined;
  const header = uint32le(bytes, 14);
  if (header === 12) return sized(uint16le(bytes, 18), uint16le(bytes, 20));
  if (header < 40) return undefined;
  return sized(uint32le(bytes, 18) | 0, Math.abs(uint32le(bytes, 22) | 0));
}

function sized(width: number, height: number): ImageDimensions | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((value, index) => bytes[at + index] === value);
}

function uint16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function uint16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}

function uint32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

function uint32le(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}
