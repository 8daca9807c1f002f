import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactString } from "./compact-string.js";
import { expandGenerators } from "./expand-generators.js";

const numbered = (from: number, to: number, template: (n: number) => string) => Array.from({ length: to - from + 1 }, (_, index) => template(from + index)).join("\n");

describe("compactString: the most compact golden form of a string (design: case and golden files)", () => {
  it("leaves short text alone", () => {
    expect(compactString("hello\nworld\n")).toBe("hello\nworld\n");
  });
  it("writes a run of numbered lines as $lines, joined to the text around it with $concat", () => {
    const text = `head\n${numbered(0, 99, (n) => `line ${n}`)}\n\n...90 lines truncated...`;
    expect(compactString(text)).toEqual({ $concat: ["head\n", { $lines: { from: 0, to: 99, template: "line {n}" } }, "\n\n...90 lines truncated..."] });
  });
  it("a bare count needs no template", () => {
    expect(compactString(numbered(1002, 3000, String))).toEqual({ $lines: { from: 1002, to: 3000 } });
  });
  it("writes a long repetition as $repeat", () => {
    expect(compactString("x".repeat(300) + "\nend")).toEqual({ $concat: [{ $repeat: { text: "x", count: 300 } }, "\nend"] });
  });
  it("whatever it writes expands back to exactly the string", () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom("", "l ", "/p/f"), fc.constantFrom("", ".ts", " x"))
        .map(([from, count, before, after]) => numbered(from, from + count, (n) => `${before}${n}${after}`)),
      fc.tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 200 })).map(([unit, count]) => unit.repeat(count)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.constantFrom("", "\n"), (pieces, joiner) => {
        const text = pieces.join(joiner);
        expect(expandGenerators(compactString(text))).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });
});
