import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import { truncateOutput } from "./truncate-output.js";

/** The in-memory store, with `files` naming what it saved. */
function memoryStore() {
  const store = createMemoryOutputStore((n) => `/data/tool-output/tool_${n}`);
  return Object.assign(store, { files: store.saved });
}

const TASK_HINT =
  "The tool call succeeded but the output was truncated. Full output saved to: /data/tool-output/tool_1\nUse the Task tool to have explore agent process this file with Grep and Read (with offset/limit). Do NOT read the full file yourself - delegate to save context.";
const GREP_HINT =
  "The tool call succeeded but the output was truncated. Full output saved to: /data/tool-output/tool_1\nUse Grep to search the full content or Read with offset/limit to view specific sections.";

const tenLines = Array.from({ length: 10 }, (_, i) => `line${i}`).join("\n");

describe("Truncate.output (§3.1)", () => {
  it("returns under-limit text unchanged and writes no file", () => {
    const store = memoryStore();
    expect(truncateOutput("hello\nworld\n", {}, store)).toEqual({ content: "hello\nworld\n", truncated: false });
    expect(store.files).toEqual([]);
  });

  it("treats exactly maxLines lines and exactly maxBytes bytes as within the limits", () => {
    const store = memoryStore();
    const text = "ab\ncd\nef";
    expect(truncateOutput(text, { maxLines: 3, maxBytes: 8 }, store)).toEqual({ content: text, truncated: false });
  });

  it("counts a trailing newline as one more line: 2000 lines plus a newline truncates", () => {
    const store = memoryStore();
    const lines = Array.from({ length: 2000 }, (_, i) => `l${i}`);
    const result = truncateOutput(lines.join("\n") + "\n", {}, store);
    expect(result.content).toBe(`${lines.join("\n")}\n\n...1 lines truncated...\n\n${TASK_HINT}`);
  });

  it("reports 90 lines truncated for 100 lines with maxLines 10", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line${i}`).join("\n");
    const result = truncateOutput(text, { maxLines: 10 }, memoryStore());
    expect(result.content).toContain("...90 lines truncated...");
  });

  it("keeps the head lines in head direction", () => {
    const result = truncateOutput(tenLines, { maxLines: 3 }, memoryStore());
    expect(result).toEqual({
      content: `line0\nline1\nline2\n\n...7 lines truncated...\n\n${TASK_HINT}`,
      truncated: true,
      outputPath: "/data/tool-output/tool_1",
    });
  });

  it("keeps the tail lines in tail direction, with the notice and hint first", () => {
    const result = truncateOutput(tenLines, { maxLines: 3, direction: "tail" }, memoryStore());
    expect(result.content).toBe(`...7 lines truncated...\n\n${TASK_HINT}\n\nline7\nline8\nline9`);
  });

  it("reports bytes when the byte budget stops the walk, counting separators", () => {
    // 4 + 5 bytes kept; 14 would exceed 10; total 24 → 15 removed.
    const result = truncateOutput("aaaa\naaaa\naaaa\naaaa\naaaa", { maxBytes: 10 }, memoryStore());
    expect(result.content).toBe(`aaaa\naaaa\n\n...15 bytes truncated...\n\n${TASK_HINT}`);
  });

  it("keeps nothing of a single over-budget line (empty preview, bytes unit)", () => {
    const result = truncateOutput("a".repeat(1000), { maxBytes: 100 }, memoryStore());
    expect(result.content).toBe(`\n\n...1000 bytes truncated...\n\n${TASK_HINT}`);
  });

  it("counts UTF-8 bytes, not chars", () => {
    const result = truncateOutput("éé\néé", { maxBytes: 5 }, memoryStore());
    expect(result.content).toBe(`éé\n\n...5 bytes truncated...\n\n${TASK_HINT}`);
  });

  it("splits on \\n only: \\r stays part of the line", () => {
    const result = truncateOutput("ab\r\ncd\r\nef", { maxLines: 2 }, memoryStore());
    expect(result.content).toBe(`ab\r\ncd\r\n\n...1 lines truncated...\n\n${TASK_HINT}`);
  });

  it("uses the Grep/Read hint when the agent may not use task", () => {
    const result = truncateOutput(tenLines, { maxLines: 3, taskAllowed: false }, memoryStore());
    expect(result.content).toBe(`line0\nline1\nline2\n\n...7 lines truncated...\n\n${GREP_HINT}`);
  });

  it("saves the full text through the port", () => {
    const store = memoryStore();
    truncateOutput(tenLines, { maxLines: 3 }, store);
    expect(store.files).toEqual([tenLines]);
  });

  it("keeps nothing with maxLines 0 and removes every line", () => {
    const result = truncateOutput("a\nb", { maxLines: 0 }, memoryStore());
    expect(result.content).toBe(`\n\n...2 lines truncated...\n\n${TASK_HINT}`);
  });
});
