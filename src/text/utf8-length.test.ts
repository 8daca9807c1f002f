import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { toWellFormedText, utf8Length, utf8LengthAtMost } from "./utf8-length.js";

const encoder = new TextEncoder();

describe("utf8Length (§0 bytes)", () => {
  it("counts 1, 2, 3 and 4 byte characters", () => {
    expect(utf8Length("aé漢😀")).toBe(1 + 2 + 3 + 4);
  });

  it("counts a lone surrogate as 3 bytes (U+FFFD), as Buffer.byteLength does", () => {
    expect(utf8Length("\ud800")).toBe(3);
    expect(utf8Length("\udc00a")).toBe(4);
  });

  it("does not split a surrogate pair that straddles its internal chunk boundary", () => {
    for (const chunk of [1 << 16, 1 << 17]) {
      const text = "a".repeat(chunk - 1) + "😀" + "b".repeat(10);
      expect(utf8Length(text)).toBe(chunk - 1 + 4 + 10);
    }
  });

  it("counts long texts exactly whether they are ASCII, mixed from any point, or cut inside a pair", () => {
    const pieces = ["a", "é", "漢", "😀", "\ud800", "\udc00", "\r\n"];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...pieces), fc.integer({ min: 1, max: 40_000 })), { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(), (runs, a, b) => {
        const text = runs.map(([piece, count]) => piece.repeat(count)).join("");
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
        expect(utf8Length(text, start, end)).toBe(encoder.encode(text.slice(start, end)).length);
      }),
      { numRuns: 300 },
    );
  });

  it("counts long mixed texts exactly without Node's Buffer too (encodeInto all the way)", () => {
    const texts = ["a".repeat(70_000) + "é".repeat(70_000), "😀".repeat(40_000) + "\ud800" + "x".repeat(70_000)];
    const expected = texts.map((text) => encoder.encode(text).length);
    vi.stubGlobal("Buffer", undefined);
    try {
      expect(texts.map((text) => utf8Length(text))).toEqual(expected);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("equals the TextEncoder length for any string and range", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), fc.nat(), fc.nat(), (text, a, b) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        expect(utf8Length(text, start, end)).toBe(encoder.encode(text.slice(start, end)).length);
      }),
      { numRuns: 10_000 },
    );
  });

  it("equals the TextEncoder length with lone surrogates anywhere", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "\ud83d", "\ude00", "é", "😀"), maxLength: 1500 }), (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).length);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("toWellFormedText", () => {
  it("replaces lone surrogates with U+FFFD and keeps pairs", () => {
    expect(toWellFormedText("a\ud800b😀\udc00")).toBe("a\ufffdb😀\ufffd");
  });
});

describe("utf8LengthAtMost", () => {
  it("says whether the TextEncoder length is within the limit, for any string and limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat({ max: 1200 }), (text, limit) => {
        expect(utf8LengthAtMost(text, limit)).toBe(encoder.encode(text).length <= limit);
      }),
      { numRuns: 5_000 },
    );
  });
});
