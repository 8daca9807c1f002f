import { describe, expect, it } from "vitest";
import { claudeReadAsksCountTokens, claudeReadTokenEstimate } from "./claude-read-token-estimate.js";

/** Spec §4.6: the estimate Read sizes a text by before it asks count_tokens. */
describe("claudeReadTokenEstimate / claudeReadAsksCountTokens", () => {
  it("a text file: length / 4 rounded half up, asked over 6,250 (25,001 not asked, 25,002 asked)", () => {
    expect(claudeReadTokenEstimate("x".repeat(25001), "/w/a.txt")).toBe(6250);
    expect(claudeReadTokenEstimate("x".repeat(25002), "/w/a.txt")).toBe(6251);
    expect(claudeReadAsksCountTokens("x".repeat(25001), "/w/a.txt")).toBe(false);
    expect(claudeReadAsksCountTokens("x".repeat(25002), "/w/a.txt")).toBe(true);
  });

  it("a .json, .jsonl or .jsonc file: length / 2 (12,500 not asked, 12,501 asked)", () => {
    for (const name of ["a.json", "a.jsonl", "a.jsonc"]) {
      expect(claudeReadAsksCountTokens("x".repeat(12500), `/w/${name}`)).toBe(false);
      expect(claudeReadAsksCountTokens("x".repeat(12501), `/w/${name}`)).toBe(true);
    }
  });

  it("the length is in UTF-16 code units, not bytes", () => {
    // 8,334 × "é" is 16,668 bytes but 8,334 code units: 2,084 tokens by the estimate
    expect(claudeReadTokenEstimate("é".repeat(8334), "/w/a.txt")).toBe(2084);
  });
});
