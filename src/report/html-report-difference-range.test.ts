import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeCodePoint, differenceRange } from "./html-report-difference-range.js";

describe("differenceRange: exactly the bytes that differ", () => {
  it("one changed byte in the middle", () => {
    expect(differenceRange("...90 lines", "...91 lines")).toEqual({ start: 4, expectedEnd: 5, actualEnd: 5, byteOffset: 4, line: 1, column: 5 });
  });
  it("a trailing space added, a final newline lost", () => {
    expect(differenceRange("ok", "ok ")).toEqual({ start: 2, expectedEnd: 2, actualEnd: 3, byteOffset: 2, line: 1, column: 3 });
    expect(differenceRange("a\nb\n", "a\nb")).toEqual({ start: 3, expectedEnd: 4, actualEnd: 3, byteOffset: 3, line: 2, column: 2 });
  });
  it("counts UTF-8 bytes and never splits a surrogate pair", () => {
    // é is 2 bytes, 😀 (U+1F600) and 😁 (U+1F601) share their high surrogate
    expect(differenceRange("é😀", "é😁")).toEqual({ start: 1, expectedEnd: 3, actualEnd: 3, byteOffset: 2, line: 1, column: 2 });
  });
  it("names the code points on each side", () => {
    expect(describeCodePoint("a b", 1)).toBe("U+0020 SPACE");
    expect(describeCodePoint("a\tb", 1)).toBe("U+0009 TAB");
    expect(describeCodePoint("ab", 2)).toBe("end of text");
    expect(describeCodePoint("😀", 0)).toBe('U+1F600 "😀"');
  });
  it("property: outside the range both sides are equal, inside they differ, and byteOffset is the UTF-8 length of the prefix", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (head, left, right, tail) => {
        const expected = head + left + tail;
        const actual = head + right + tail;
        const range = differenceRange(expected, actual);
        expect(expected.slice(0, range.start)).toBe(actual.slice(0, range.start));
        expect(expected.slice(range.expectedEnd)).toBe(actual.slice(range.actualEnd));
        if (expected !== actual) expect(expected.slice(range.start, range.expectedEnd)).not.toBe(actual.slice(range.start, range.actualEnd));
        expect(range.byteOffset).toBe(Buffer.byteLength(expected.slice(0, range.start)));
      }),
    );
  });
});
