import { describe, expect, it } from "vitest";
import { formattedTruncateText, rustLineCount, truncateMiddleTokens } from "./codex-truncate.js";

// Expected values are the bytes Codex CLI 0.171.0 sent (docs/spec/captures/codex-cli-0.171.0.jsonl).
describe("codex-cli truncation (spec §3.1, §3.2)", () => {
  it("never splits a character: a + 30 × é at 5 tokens keeps aéééé and ééééé, 11 tokens removed", () => {
    expect(truncateMiddleTokens("a" + "é".repeat(30), 5)).toBe("aéééé…11 tokens truncated…ééééé");
  });

  it("a zero budget leaves the marker alone", () => {
    const text = Array.from({ length: 100 }, (_, index) => `${index + 1}\n`).join("");
    expect(truncateMiddleTokens(text, 0)).toBe("…73 tokens truncated…");
  });

  it("exactly the budget is kept whole; one byte over is cut with the warning header", () => {
    expect(formattedTruncateText("x".repeat(40), 10)).toBe("x".repeat(40));
    expect(formattedTruncateText("x".repeat(41), 10)).toBe(`Warning: truncated output (original token count: 11)\nTotal output lines: 1\n\n${"x".repeat(20)}…1 tokens truncated…${"x".repeat(20)}`);
  });

  it("counts lines as Rust's str::lines", () => {
    expect([rustLineCount(""), rustLineCount("a"), rustLineCount("a\n"), rustLineCount("a\nb")]).toEqual([0, 1, 1, 2]);
  });
});
