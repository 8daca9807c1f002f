/** The image type of bytes by their magic number (PNG, JPEG, GIF87a/89a, WebP), or null (bundle `nw`; Read and the notebook reader both ask it). @see spec §4.7 */
export function claudeImageMagicType(bytes: Uint8Array): string | null {
  const [a, b, c, d] = bytes;
  if (bytes.length < 4) return null;
  if (a === 137 && b === 80 && c === 78 && d === 71) return "image/png";
  if (a === 255 && b === 216 && c === 255) return "image/jpeg";
  if (bytes.length >= 6 && a === 71 && b === 73 && c === 70 && d === 56 && (bytes[4] === 55 || bytes[4] === 57) && bytes[5] === 97) return "image/gif";
  if (bytes.length >= 12 && a === 82 && b === 73 && c === 70 && d === 70 && bytes[8] === 87 && bytes[9] === 69 && bytes[10] === 66 && bytes[11] === 80) return "image/webp";
  return null;
}
