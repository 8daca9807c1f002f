/**
 * findExcessiveNesting for JSON bytes (an HTTP body before it is decoded): the offset of the
 * first `[`/`{` (outside strings) deeper than `limit`, or -1. UTF-8 never puts `"`, `\`, `[`, `]`,
 * `{` or `}` inside a multi-byte character, so bytes scan like text. Linear, no recursion.
 */
export function findExcessiveByteNesting(bytes: Uint8Array, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === 92) index++;
      else if (byte === 34) inString = false;
    } else if (byte === 34) inString = true;
    else if (byte === 123 || byte === 91) {
      if (++depth > limit) return index;
    } else if (byte === 125 || byte === 93) depth--;
  }
  return -1;
}
