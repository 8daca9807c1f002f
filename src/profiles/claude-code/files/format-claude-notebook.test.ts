import { describe, expect, it } from "vitest";
import { UnsupportedError } from "../../profile.js";
import { formatClaudeNotebook } from "./format-claude-notebook.js";

// Expected contents are what Claude Code 2.1.332 sent for these notebooks (scenario
// claude-read-kinds, captured 2026-12-06 with `correx gate --reporter json`; spec §4.7).
describe("formatClaudeNotebook (claude-code Read of a notebook, spec §4.7)", () => {
  it("names cells by index and tags code cells of another language", () => {
    const notebook = {
      cells: [
        { cell_type: "code", metadata: {}, outputs: [], source: "x = 1", execution_count: null },
        {
          cell_type: "code",
          metadata: {},
          outputs: [
            { output_type: "stream", name: "stdout", text: "" },
            { output_type: "execute_result", data: { "text/plain": "1" }, metadata: {}, execution_count: 1 },
          ],
          source: "x",
          execution_count: 1,
        },
        { cell_type: "markdown", metadata: {}, source: "done" },
      ],
      metadata: { language_info: { name: "julia" } },
    };
    expect(formatClaudeNotebook(JSON.stringify(notebook), false)).toEqual({
      content: [
        {
          text: '<cell id="cell-0"><language>julia</language>x = 1</cell id="cell-0">\n<cell id="cell-1"><language>julia</language>x</cell id="cell-1">\n\n1\n<cell id="cell-2"><cell_type>markdown</cell_type>done</cell id="cell-2">',
          type: "text",
        },
      ],
    });
  });

  it("skips an image that is not base64, keeps one that is, and notes outputs of an unknown type", () => {
    const notebook = {
      cells: [
        {
          cell_type: "code",
          id: "u",
          metadata: {},
          source: "show()",
          outputs: [
            { output_type: "update_display_data", data: {} },
            { output_type: "display_data", data: { "image/png": "not base64!", "image/jpeg": "/9j/4AAQSkZJRg==", "text/plain": "<img>" }, metadata: {} },
            { output_type: "display_data", data: { "image/jpeg": "/9j/4AAQSkZJRgABAQ==" }, metadata: {} },
          ],
        },
        { cell_type: "code", id: "v", metadata: {}, source: "1", outputs: [{ output_type: "stream", name: "stderr", text: "warn\n" }] },
      ],
      metadata: {},
    };
    const result = formatClaudeNotebook(JSON.stringify(notebook), false);
    expect(JSON.stringify(result.content)).toBe(
      '[{"text":"<cell id=\\"u\\">show()</cell id=\\"u\\">\\n\\n<img>","type":"text"},{"type":"image","source":{"data":"/9j/4AAQSkZJRgABAQ==","media_type":"image/jpeg","type":"base64"}},{"text":"\\nOutputs of an unknown type are not shown.\\n<cell id=\\"v\\">1</cell id=\\"v\\">\\n\\nwarn\\n","type":"text"}]',
    );
  });

  it("replaces a cell's outputs over 10,000 characters by the jq command that reads them", () => {
    const notebook = (b: number) => ({
      cells: [
        {
          cell_type: "code",
          id: "big",
          metadata: {},
          source: "big()",
          outputs: [
            { output_type: "stream", name: "stdout", text: "a".repeat(4000) },
            { output_type: "stream", name: "stdout", text: "b".repeat(b) },
          ],
        },
      ],
      metadata: {},
    });
    expect(formatClaudeNotebook(JSON.stringify(notebook(6001)), false).content).toEqual([
      { text: `<cell id="big">big()</cell id="big">\n\nOutputs are too large to include. Use Bash with: cat <notebook_path> | jq '.cells[0].outputs'`, type: "text" },
    ]);
    expect(formatClaudeNotebook(JSON.stringify(notebook(6000)), false).content).toEqual([{ text: `<cell id="big">big()</cell id="big">\n\n${"a".repeat(4000)}\n\n${"b".repeat(6000)}`, type: "text" }]);
  });

  it("leaves what it does not model unsupported", () => {
    const long = { cells: [{ cell_type: "code", source: "", outputs: [{ output_type: "stream", text: "x".repeat(30_001) }] }] };
    expect(() => formatClaudeNotebook(JSON.stringify(long), false)).toThrow(UnsupportedError);
    expect(() => formatClaudeNotebook('{"cells":[{"source":5}]}', false)).toThrow(/not a valid notebook/);
    expect(() => formatClaudeNotebook("{", false)).toThrow(/not valid JSON/);
  });
});
