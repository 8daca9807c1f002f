import { describe, expect, it } from "vitest";
import { MAX_SHOWN_LINE_CHARS, renderDifference } from "./render-difference.js";

describe("renderDifference", () => {
  it("shows the change as a unified diff under the value's pointer", () => {
    expect(renderDifference({ pointer: "/content", expected: "a\nb\n", actual: "a\nc\n" })).toBe("/content:\n  --- expected\n  +++ actual\n  @@ -1,3 +1,3 @@\n   a\n  -b\n  +c");
  });
  it("cuts a long line before an emoji rather than through it (a lone surrogate prints as U+FFFD)", () => {
    // the diff line is "-" + 998 "a" + "😀" + "x": its high surrogate is the line's character MAX_SHOWN_LINE_CHARS - 1
    const expected = `${"a".repeat(MAX_SHOWN_LINE_CHARS - 2)}😀x`;
    const shown = renderDifference({ pointer: "", expected, actual: "b" });
    const line = shown.split("\n").find((text) => text.startsWith("  -a"));
    expect(line).toBe(`  -${"a".repeat(MAX_SHOWN_LINE_CHARS - 2)}… (3 more characters)`);
  });
});
