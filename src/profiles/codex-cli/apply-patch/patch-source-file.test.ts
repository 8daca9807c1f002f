import { describe, expect, it } from "vitest";
import { PatchSourceFile } from "./patch-source-file.js";

/** Each case observed from the binary (fixtures/scenarios/codex-patch-line-endings.yaml, spec §4.2). */
describe("PatchSourceFile", () => {
  const replace = (contents: string, replacements: [number, number, string[]][]) => {
    const file = new PatchSourceFile(contents);
    file.apply(replacements);
    return file.contents();
  };

  it("splits at CRLF, LF and a lone CR", () => expect(new PatchSourceFile("a\r\nb\nc\rd").texts()).toEqual(["a", "b", "c", "d"]));
  it("gives new lines the first ending and keeps the others'", () => {
    expect(replace("one\r\ntwo\nthree\r\n", [[1, 1, ["TWO"]]])).toBe("one\r\nTWO\r\nthree\r\n");
    expect(replace("a\r\nb\nc\r\n", [[2, 1, ["C"]]])).toBe("a\r\nb\nC\r\n");
    expect(replace("a\nb\r\nc\r\n", [[0, 1, ["A"]]])).toBe("A\nb\r\nc\r\n");
    expect(replace("a\rb\nc\n", [[2, 1, ["C"]]])).toBe("a\rb\nC\r");
    expect(replace("one\rtwo\rthree\r", [[1, 1, ["TWO"]]])).toBe("one\rTWO\rthree\r");
  });
  it("gives an unterminated last line the preferred ending", () => expect(replace("a\r\nb", [[1, 1, ["B", "b2"]]])).toBe("a\r\nB\r\nb2\r\n"));
});
