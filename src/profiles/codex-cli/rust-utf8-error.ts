/**
 * Rust's `Utf8Error` Display for bytes that are not UTF-8, or null when they are:
 * `invalid utf-8 sequence of <n> bytes from index <i>` (n: how many bytes the validator took
 * before refusing, 1…3) or `incomplete utf-8 byte sequence from index <i>` (the bytes end inside
 * a character), i being where the valid prefix ends. The validator's rules are Rust's
 * (`core::str::run_utf8_validation`): a lead byte C2…DF takes one continuation, E0…EF two (E0
 * then A0…BF, ED then 80…9F), F0…F4 three (F0 then 90…BF, F4 then 80…8F); 80…C1 and F5…FF are
 * never lead bytes.
 * @see spec §4.2 (observed: `invalid utf-8 sequence of 1 bytes from index 4` for `one⏎\377two⏎`)
 */
export function rustUtf8Error(bytes: Uint8Array): string | null {
  let index = 0;
  while (index < bytes.length) {
    const first = bytes[index]!;
    if (first < 0x80) {
      index++;
      continue;
    }
    const width = first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
    if (width === 0) return invalid(1, index);
    const [low, high] = secondByteRange(first);
    for (let offset = 1; offset < width; offset++) {
      const byte = bytes[index + offset];
      if (byte === undefined) return `incomplete utf-8 byte sequence from index ${index}`;
      const ok = offset === 1 ? byte >= low && byte <= high : byte >= 0x80 && byte <= 0xbf;
      if (!ok) return invalid(offset, index);
    }
    index += width;
  }
  return null;
}

function invalid(length: number, index: number): string {
  return `invalid utf-8 sequence of ${length} bytes from index ${index}`;
}

/** The range the byte after a lead byte must fall in. */
function secondByteRange(first: number): [number, number] {
  if (first === 0xe0) return [0xa0, 0xbf];
  if (first === 0xed) return [0x80, 0x9f];
  if (first === 0xf0) return [0x90, 0xbf];
  if (first === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}
