import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { takeHeadBytes, takeTailBytes, utf8Length, utf8LengthOf } from "./utf8-cut.js";

describe("utf8Length", () => {
  it("counts 1, 2, 3 and 4 bytes per code point", () => {
    expect(utf8Length("a")).toBe(1);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("€")).toBe(3);
    expect(utf8Length("😀")).toBe(4);
  });

  it("counts a lone surrogate as 3 bytes, as Buffer.byteLength does", () => {
    expect(utf8Length("\ud83d")).toBe(3);
    expect(utf8LengthOf("\ud83dx", 0, 2)).toBe(4);
  });

  it("the portable counter agrees with Buffer.byteLength on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8LengthOf(text, 0, text.length)).toBe(Buffer.byteLength(text, "utf8"));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("takeHeadBytes (§3.2 step 6)", () => {
  it("stops before the first code point that would exceed the budget", () => {
    expect(takeHeadBytes("ab€cd", 4)).toBe("ab");
    expect(takeHeadBytes("ab€cd", 5)).toBe("ab€");
  });

  it("never splits a surrogate pair", () => {
    expect(takeHeadBytes("a😀b", 4)).toBe("a");
    expect(takeHeadBytes("a😀b", 5)).toBe("a😀");
  });

  it("gives CR and CRLF no special treatment", () => {
    expect(takeHeadBytes("a\r\nb", 2)).toBe("a\r");
  });
});

describe("takeTailBytes (§3.2 step 6)", () => {
  it("stops before the first code point from the end that would exceed the budget", () => {
    expect(takeTailBytes("ab€cd", 4)).toBe("cd");
    expect(takeTailBytes("ab€cd", 5)).toBe("€cd");
  });

  it("never splits a surrogate pair", () => {
    expect(takeTailBytes("a😀b", 4)).toBe("b");
    expect(takeTailBytes("a😀b", 5)).toBe("😀b");
  });

  it("gives CR and CRLF no special treatment", () => {
    expect(takeTailBytes("a\r\nb", 2)).toBe("\nb");
  });
});
