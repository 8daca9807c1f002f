import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../memory-output-store.test-support.js";
import { cutErrorMiddle, formatClaudeBash, persistedPreview } from "./bash/format-claude-bash.js";
import { claudeAfterNotes, QUIET_REMINDER } from "./claude-after-notes.js";
import { claudeInputIssues } from "./claude-tools.js";

describe("claude-code Bash boundaries (docs/spec/claude-code-2.1.332.md §3)", () => {
  it("§3.3: 30,000 characters stay whole, 30,001 are persisted (29.3KB, observed with 30,001 x)", () => {
    const store = createMemoryOutputStore();
    expect(formatClaudeBash({ output: "x".repeat(30000), exitCode: 0 }, store).content).toBe("x".repeat(30000));
    const persisted = String(formatClaudeBash({ output: "x".repeat(30001), exitCode: 0 }, store).content);
    expect(persisted.startsWith("<persisted-output>\nOutput too large (29.3KB). Full output saved to: ")).toBe(true);
    expect(persisted.endsWith(`\n\nPreview (first 2KB):\n${"x".repeat(2000)}\n...\n</persisted-output>`)).toBe(true);
  });

  it("§3.3: the preview stops before the last newline of its first 2,000 characters", () => {
    expect(persistedPreview("a\n".repeat(1500))).toBe("a\n".repeat(999) + "a");
    expect(persistedPreview("b".repeat(2500))).toBe("b".repeat(2000));
  });

  it("§3.4: a failure's text over 10,000 characters keeps 5,000 at each end around the count", () => {
    const text = "h".repeat(5000) + "m".repeat(7) + "t".repeat(5000);
    expect(cutErrorMiddle(text)).toBe("h".repeat(5000) + "\n\n... [7 characters truncated] ...\n\n" + "t".repeat(5000));
    expect(cutErrorMiddle("x".repeat(10000))).toBe("x".repeat(10000));
  });
});

describe("claude-code input validation (§7.2)", () => {
  it("lists schema parameters in order, then unexpected ones", () => {
    expect(claudeInputIssues("Bash", { cmd: "x" })).toEqual(["The required parameter `command` is missing", "An unexpected parameter `cmd` was provided"]);
    expect(claudeInputIssues("Read", { file_path: [] })).toEqual(["The parameter `file_path` type is expected as `string` but provided as `array`"]);
  });
});

describe("claude-code after-notes rule (§2.3)", () => {
  const result = { tool_use_id: "toolu_5_1", type: "tool_result", content: "x", is_error: false };
  const reminder = { role: "system", content: [{ type: "text", text: QUIET_REMINDER, cache_control: { type: "ephemeral" } }] };

  it("drops the quiet reminder and gives its cache breakpoint back to the result", () => {
    expect(claudeAfterNotes({ result, after: [reminder] })).toEqual({ result: { ...result, cache_control: { type: "ephemeral" } }, after: [] });
  });

  it("keeps every other note (an environment update) as it is", () => {
    const update = { role: "system", content: [{ type: "text", text: "# Environment update", cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [update] })).toEqual({ result, after: [update] });
  });
});

describe("claude-code Read token cap (§4.6)", () => {
  it("pages a whole file counted over 25,000 tokens: lines × 25,000 / tokens × 0.85, the notice as a note", async () => {
    const { formatClaudeRead } = await import("./files/format-claude-files.js");
    const text = "0123456789abcdef\n".repeat(1800);
    const result = formatClaudeRead({ file_path: "/ws/s30.txt" }, { path: "/ws/s30.txt", kind: "file", text, tokens: 50000 }, "/ws");
    expect(String(result.content).split("\n").length).toBe(765);
    expect(result.notes?.[0]?.startsWith("[Truncated: PARTIAL view — /ws/s30.txt: showing lines 1-765 of 1801 total (50000 tokens, cap 25000). Call Read with offset=766 limit=765")).toBe(true);
    expect(formatClaudeRead({ file_path: "/ws/s30.txt" }, { path: "/ws/s30.txt", kind: "file", text, tokens: 25000 }, "/ws").notes).toBeUndefined();
  });

  it("strips the quiet reminder the binary appends to a note, keeping the note", () => {
    const note = { role: "system", content: [{ type: "text", text: `[Truncated: …]\n\n${QUIET_REMINDER}`, cache_control: { type: "ephemeral" } }] };
    const result = { tool_use_id: "toolu_1_1", type: "tool_result", content: "1\tx" };
    expect(claudeAfterNotes({ result, after: [note] })).toEqual({ result, after: [{ ...note, content: [{ type: "text", text: "[Truncated: …]", cache_control: { type: "ephemeral" } }] }] });
  });
});
