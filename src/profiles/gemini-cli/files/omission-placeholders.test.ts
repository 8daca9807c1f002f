import { describe, expect, it } from "vitest";
import { omissionPlaceholders } from "./omission-placeholders.js";

describe("gemini-cli omission placeholders (docs/spec/gemini-cli-0.61.0.md §5)", () => {
  it("a trimmed line `<prefix>...`, after `//` and `(…)`, with only dots after, is one; other text is content", () => {
    expect(omissionPlaceholders("class A:\n    // rest of methods ...\n")).toEqual(["rest of methods ..."]);
    expect(omissionPlaceholders("(Unchanged   Code ....)\r\n")).toEqual(["unchanged code ..."]);
    expect(omissionPlaceholders("x = 1\n...\nrest of code ... and more\nrest of it ...\n")).toEqual([]);
  });
});
