import { isHighSurrogate, isLowSurrogate, utf8Length } from "../text/utf8-length.js";

/**
 * Where two strings differ, as one range: everything before `start` and everything after the
 * two ends is identical on both sides (longest common prefix, then longest common suffix of the
 * rest), so the range is exactly the bytes that differ, never a whole line. Ranges never split a
 * surrogate pair. Offsets are UTF-16 indexes; `byteOffset` is the UTF-8 byte offset of `start`.
 */
export interface DifferenceRange {
  start: number;
  /** End (exclusive) of the differing run in the expected string. */
  expectedEnd: number;
  /** End (exclusive) of the differing run in the actual string. */
  actualEnd: number;
  /** UTF-8 byte offset of the first differing byte (the same on both sides). */
  byteOffset: number;
  /** 1-based line and column (in code points) of the first difference. */
  line: number;
  column: number;
}

export function differenceRange(expected: string, actual: string): DifferenceRange {
  const shorter = Math.min(expected.length, actual.length);
  let start = 0;
  while (start < shorter && expected.charCodeAt(start) === actual.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(expected.charCodeAt(start - 1))) start--;
  let suffix = 0;
  while (suffix < shorter - start && expected.charCodeAt(expected.length - 1 - suffix) === actual.charCodeAt(actual.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLowSurrogate(expected.charCodeAt(expected.length - suffix))) suffix--;
  const prefix = expected.slice(0, start);
  const lastNewline = prefix.lastIndexOf("\n");
  let line = 1;
  for (let index = prefix.indexOf("\n"); index !== -1; index = prefix.indexOf("\n", index + 1)) line++;
  return {
    start,
    expectedEnd: expected.length - suffix,
    actualEnd: actual.length - suffix,
    byteOffset: utf8Length(prefix),
    line,
    column: [...prefix.slice(lastNewline + 1)].length + 1,
  };
}

/** `U+0020 SPACE`-style name of the code point at `index`, or `end of text`. */
export function describeCodePoint(text: string, index: number): string {
  if (index >= text.length) return "end of text";
  const code = text.codePointAt(index)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  const names: Record<number, string> = { 9: "TAB", 10: "LINE FEED", 13: "CARRIAGE RETURN", 32: "SPACE", 65279: "BOM" };
  const name = names[code] ?? (code < 0x20 || code === 0x7f ? "CONTROL" : JSON.stringify(String.fromCodePoint(code)));
  return `${hex} ${name}`;
}
