import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { takeHeadBytes, takeTailBytes } from "./utf8-cut.js";

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

describe("takeHeadBytes and takeTailBytes (property, against TextEncoder)", () => {
  const encoder = new TextEncoder();
  const bytes = (text: string) => encoder.encode(text).length;
  const codePoints = (text: string) => text.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? [];

  it("keep the longest run of whole code points within the budget, from the start and from the end", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), fc.nat({ max: 400 }), (text, budget) => {
        const points = codePoints(text);
        const head = takeHeadBytes(text, budget);
        const headCount = codePoints(head).length;
        expect(head).toBe(points.slice(0, headCount).join(""));
        expect(bytes(head)).toBeLessThanOrEqual(budget);
        if (headCount < points.length) expect(bytes(head + points[headCount])).toBeGreaterThan(budget);
        const tail = takeTailBytes(text, budget);
        const tailCount = codePoints(tail).length;
        expect(tail).toBe(points.slice(points.length - tailCount).join(""));
        expect(bytes(tail)).toBeLessThanOrEqual(budget);
        if (tailCount < points.length) expect(bytes(points[points.length - tailCount - 1] + tail)).toBeGreaterThan(budget);
      }),
      { numRuns: 5_000 },
    );
  });
});
