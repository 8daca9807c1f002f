import { describe, expect, it } from "vitest";
import { expandGenerators, GeneratorError } from "./expand-generators.js";

describe("expandGenerators (design: case and golden files)", () => {
  it("$repeat repeats text", () => {
    expect(expandGenerators({ $repeat: { text: "ab", count: 3 } })).toBe("ababab");
  });
  it("$lines joins the template over the range with \\n and no trailing newline", () => {
    expect(expandGenerators({ $lines: { from: 1, to: 3, template: "line {n}" } })).toBe("line 1\nline 2\nline 3");
    expect(expandGenerators({ $lines: { from: 9, to: 10 } })).toBe("9\n10");
    expect(expandGenerators({ $lines: { from: 1, to: 0 } })).toBe("");
  });
  it("$concat concatenates strings and generators", () => {
    expect(expandGenerators({ $concat: ["x", { $repeat: { text: "-", count: 2 } }, "\n"] })).toBe("x--\n");
  });
  it("expands generators nested in objects and arrays, leaving other values alone", () => {
    expect(expandGenerators({ a: [{ $repeat: { text: "z", count: 2 } }, 1, null], b: { c: "d", $not: 1 } })).toEqual({ a: ["zz", 1, null], b: { c: "d", $not: 1 } });
  });
  it("names the pointer of a malformed generator", () => {
    try {
      expandGenerators({ observation: { output: { $concat: ["a", 7] } } });
      expect.unreachable();
    } catch (error) {
      expect(GeneratorError.isInstance(error)).toBe(true);
      expect((error as GeneratorError).pointer).toBe("/observation/output");
      expect((error as Error).message).toBe("$concat: part 1 is not a string");
    }
  });
});
