import { describe, expect, it } from "vitest";
import { editGoldenText } from "./edit-golden-text.js";
import { expandGenerators } from "./expand-generators.js";
import { parseGoldenYaml } from "./golden-yaml.js";

const GOLDEN = `correx: golden/1
case: opencode-cli/truncate/head-by-lines
spec: "§3.1"
# a reviewer's note
reviewed: written by hand from the spec
expected:
  result:
    $concat:
      - { $lines: { from: 0, to: 9, template: "line {n}" } }
      - "\\n\\n...90 lines truncated..."
  truncated: true   # kept
  savedPath: '[OUTPUT]/tool_[ID]'
`;

const expandedOf = (text: string) => expandGenerators(parseGoldenYaml(text)) as { expected: Record<string, unknown> } & Record<string, unknown>;

describe("editGoldenText: only changed values are rewritten (design: golden workflow)", () => {
  it("an unchanged value leaves the text byte for byte", () => {
    expect(editGoldenText(GOLDEN, expandedOf(GOLDEN))).toBe(GOLDEN);
  });

  it("a changed part inside $concat replaces that part only; comments, quoting and the generator stay", () => {
    const next = expandedOf(GOLDEN);
    next.expected.result = (next.expected.result as string).replace("90 lines", "91 lines");
    expect(editGoldenText(GOLDEN, next)).toBe(GOLDEN.replace('"\\n\\n...90 lines truncated..."', '"\\n\\n...91 lines truncated..."'));
  });

  it("a changed scalar is replaced on its line; the comment after it stays", () => {
    const next = expandedOf(GOLDEN);
    next.expected.truncated = false;
    expect(editGoldenText(GOLDEN, next)).toBe(GOLDEN.replace("truncated: true   # kept", "truncated: false   # kept"));
  });

  it("a generator whose expansion changed is rewritten as the generator that reproduces it", () => {
    const next = expandedOf(GOLDEN);
    next.expected.result = (next.expected.result as string).replace("line 9", "line 9\nline 10");
    expect(editGoldenText(GOLDEN, next)).toBe(GOLDEN.replace("to: 9,", "to: 10,"));
  });

  it("a key-order change moves whole lines; a removed key drops its line; a new key is added at its place", () => {
    const next = expandedOf(GOLDEN);
    const { result, truncated, savedPath } = next.expected as Record<string, unknown>;
    next.expected = { savedPath, result, truncated, extra: "a\nb\n" };
    expect(editGoldenText(GOLDEN, next)).toBe(
      GOLDEN.replace(
        `  result:\n    $concat:\n      - { $lines: { from: 0, to: 9, template: "line {n}" } }\n      - "\\n\\n...90 lines truncated..."\n  truncated: true   # kept\n  savedPath: '[OUTPUT]/tool_[ID]'\n`,
        `  savedPath: '[OUTPUT]/tool_[ID]'\n  result:\n    $concat:\n      - { $lines: { from: 0, to: 9, template: "line {n}" } }\n      - "\\n\\n...90 lines truncated..."\n  truncated: true   # kept\n  extra: |\n    a\n    b\n`,
      ),
    );
    const { extra: _extra, ...without } = next.expected;
    next.expected = { result: without.result, truncated: without.truncated };
    expect(editGoldenText(GOLDEN, next)).toBe(GOLDEN.replace("  savedPath: '[OUTPUT]/tool_[ID]'\n", ""));
  });

  it("a flow map keeps its flow style when its value changes", () => {
    const text = "correx: golden/1\ncase: c\nexpected:\n  result: { status: completed, metadata: { truncated: false } }\n";
    const next = expandedOf(text);
    (next.expected.result as { metadata: { truncated: boolean } }).metadata.truncated = true;
    expect(editGoldenText(text, next)).toBe(text.replace("truncated: false", "truncated: true"));
  });

  it("inside a flow map only the changed value is replaced; the others keep their quoting", () => {
    const text = 'correx: golden/1\ncase: c\nexpected:\n  result: { status: completed, title: "true", output: "(no output) ", metadata: { truncated: false } }\n';
    const next = expandedOf(text);
    (next.expected.result as { output: string }).output = "(no output)";
    expect(editGoldenText(text, next)).toBe(text.replace('"(no output) "', '"(no output)"'));
  });

  it("a new long value is written with generators, never 500 lines of literal", () => {
    const text = "correx: golden/1\ncase: c\nexpected:\n  output: short\n";
    const next = expandedOf(text);
    next.expected.output = Array.from({ length: 500 }, (_, index) => `/src/f${index + 1}.ts`).join("\n");
    expect(editGoldenText(text, next)).toBe('correx: golden/1\ncase: c\nexpected:\n  output: { $lines: { from: 1, to: 500, template: "/src/f{n}.ts" } }\n');
  });
});
