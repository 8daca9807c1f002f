import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGoldenYaml, stringifyGoldenYaml } from "../src/golden/golden-yaml.js";

const tricky = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.array(fc.constantFrom("a", " ", "\t", "\n", "\r", "\r\n", "\ufeff", "#", ":", "- ", "'", '"', "\\", "é", "😀", "\u0000", "\u2028", "|", ">", "---", "..."), { maxLength: 12 }).map((parts) => parts.join("")),
);

describe("golden YAML round-trips every string byte for byte (design: case and golden files)", () => {
  it("as a top-level string, a nested string and a list item", () => {
    fc.assert(
      fc.property(tricky, (text) => {
        for (const value of [text, { expected: { result: text } }, [text, { a: text }]]) {
          expect(JSON.stringify(parseGoldenYaml(stringifyGoldenYaml(value)))).toBe(JSON.stringify(value));
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it("writes ordinary multi-line text as a literal block a reviewer can read", () => {
    const text = stringifyGoldenYaml({ expected: { result: { type: "text", value: "one\ntwo\n" } } });
    expect(text).toBe("expected:\n  result:\n    type: text\n    value: |\n      one\n      two\n");
  });

  it("quotes text an editor would silently change (trailing spaces, CR)", () => {
    expect(stringifyGoldenYaml({ v: "a \nb" })).toBe('v: "a \\nb"\n');
    expect(stringifyGoldenYaml({ v: "a\r\nb\r\n" })).toBe('v: "a\\r\\nb\\r\\n"\n');
  });
});
