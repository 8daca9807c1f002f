import { describe, expect, it } from "vitest";
import { expandGenerators, GeneratorError, MAX_GENERATED, stubGenerators } from "./expand-generators.js";

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
  it("counts what the generators of one document make together before building any (issue 24: a $lines template or many generators ran past any limit)", () => {
    const refused = (value: unknown) => {
      try {
        stubGenerators(value);
        return null;
      } catch (error) {
        return [(error as GeneratorError).pointer, (error as Error).message];
      }
    };
    expect(refused({ a: { $lines: { from: 1, to: 1_000_000, template: `${"x".repeat(1000)}{n}` } } })).toEqual([
      "/a",
      "$lines: the generated text would be 1006888895 characters, over the 268435456 character limit for one document",
    ]);
    const half = { $repeat: { text: "y".repeat(1000), count: 150_000 } };
    expect(refused({ a: half, b: [half] })).toEqual(["/b/0", "$repeat: the generated text would be 300000000 characters, over the 268435456 character limit for one document"]);
    expect(refused({ a: { $lines: { from: 0, to: 60_000_000, template: "" } } })).toEqual(["/a", "$lines: the range 0…60000000 is over 50,000,000 lines"]);
    expect(refused({ a: half })).toBeNull();
    // the count is exact: the limit is met by what is built
    for (const [from, to] of [
      [-12, 11],
      [0, 0],
      [5, 1234],
      [-1000, -3],
    ] as const) {
      const spec = { $lines: { from, to, template: "<{n}|{n}>", separator: ", " } };
      const text = expandGenerators(spec) as string;
      const count = to - from + 1;
      const digits = Array.from({ length: count }, (_, index) => String(from + index).length).reduce((sum, length) => sum + length, 0);
      expect(text.length).toBe(count * 3 + 2 * digits + (count - 1) * 2);
    }
  });
});

describe("big generated strings (remembered once built: text/big-string-memo.ts)", () => {
  it("are the same for the same big generator, in any document", () => {
    const media = { $concat: ["data:image/png;base64,", { $repeat: { text: "AAAA", count: 300_000 } }] };
    const first = expandGenerators({ a: media }) as { a: string };
    const second = expandGenerators({ b: [structuredClone(media)] }) as { b: string[] };
    expect(first.a.length).toBe(22 + 1_200_000);
    expect(first.a.startsWith("data:image/png;base64,AAAA")).toBe(true);
    expect(second.b[0]).toBe(first.a);
  });

  it("still counts a remembered generator against each document's limit", () => {
    const twoMiB = { $repeat: { text: "xy", count: 1024 * 1024 } };
    expect((expandGenerators({ a: twoMiB }) as { a: string }).a.length).toBe(2 * 1024 * 1024);
    const parts = Array.from({ length: MAX_GENERATED / (2 * 1024 * 1024) + 1 }, () => twoMiB);
    expect(() => expandGenerators({ a: { $concat: parts } })).toThrow(/over the 268435456 character limit/);
  });
});
