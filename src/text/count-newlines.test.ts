import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countNewlines } from "./count-newlines.js";

describe("countNewlines", () => {
  it("counts \\n only (\\r and \\r\\n's \\r are ordinary characters)", () => {
    expect(countNewlines("")).toBe(0);
    expect(countNewlines("a\r\nb\rc\n")).toBe(2);
  });

  it("stops at stopAfter + 1 once there are more newlines than stopAfter", () => {
    expect(countNewlines("\n\n\n\n", 2)).toBe(3);
    expect(countNewlines("\n\n", 2)).toBe(2);
    expect(countNewlines("\n", 0)).toBe(1);
  });

  it("is the exact count when it is at most stopAfter, and stopAfter + 1 otherwise, for any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "\n", "\r", "é", "😀"), maxLength: 200 }), fc.nat({ max: 220 }), (text, stopAfter) => {
        const exact = text.split("\n").length - 1;
        expect(countNewlines(text)).toBe(exact);
        expect(countNewlines(text, stopAfter)).toBe(exact <= stopAfter ? exact : stopAfter + 1);
      }),
      { numRuns: 5_000 },
    );
  });
});
