/** Offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index];
    let length: number;
    let min: number;
    if (byte < 0x80) {
      index++;
      continue;
    } else if (byte >= 0xc2 && byte <= 0xdf) {
      length = 2;
      min = 0x80;
    } else if (byte >= 0xe0 && byte <= 0xef) {
      length = 3;
      min = 0x800;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      length = 4;
      min = 0x10000;
    } else return index;
    if (index + length > bytes.length) return index;
    let codePoint = byte & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[index + k];
      if ((next & 0xc0) !== 0x80) return index;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return index;
    index += length;
  }
  return -1;
}
