import { describe, expect, it } from "vitest";
import { claudeNotebookEdit, isClaudeNotebookText } from "./claude-notebook-edit.js";

/**
 * Expected values from docs/spec/claude-code-2.1.332.md §7.4 (the bundle's NotebookEdit, and
 * fixtures/scenarios/claude-notebook-edit.yaml, byte-exact against 2.1.332 on 2026-12-06: its
 * `cat` of the notebook shows the bytes written).
 */
const nb = (cells: unknown[], minor = 4) => JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: minor });
const code = { cell_type: "code", execution_count: 3, metadata: { tags: ["a"] }, outputs: [{ output_type: "stream", name: "stdout", text: ["hi\n"] }], source: ["print('hi')\n", "x = 1"] };
const markdown = { cell_type: "markdown", metadata: {}, source: "# Title" };

describe("claude-code NotebookEdit (§7.4)", () => {
  it("replaces a cell's source, clearing a code cell's outputs and count, and writes the notebook with a one-space indent", () => {
    const edit = claudeNotebookEdit(`${nb([code, markdown])}\n`, { cell_id: "cell-0", new_source: "print('bye')" });
    expect(edit).toEqual({
      content: "Updated cell cell-0 with print('bye')",
      written: `${JSON.stringify({ cells: [{ ...code, execution_count: null, outputs: [], source: "print('bye')" }, markdown], metadata: {}, nbformat: 4, nbformat_minor: 4 }, null, 1)}\n`,
    });
  });

  it("turns a markdown cell into code (count and outputs added last) and code into markdown (both dropped)", () => {
    const toCode = claudeNotebookEdit(nb([markdown]), { cell_id: "cell-0", new_source: "y", cell_type: "code" });
    expect("written" in toCode && JSON.parse(toCode.written).cells[0]).toEqual({ cell_type: "code", metadata: {}, source: "y", execution_count: null, outputs: [] });
    const toMarkdown = claudeNotebookEdit(nb([code]), { cell_id: "cell-0", new_source: "# m", cell_type: "markdown" });
    expect("written" in toMarkdown && Object.keys(JSON.parse(toMarkdown.written).cells[0])).toEqual(["cell_type", "metadata", "source"]);
  });

  it("inserts after the named cell (at the top without one) and deletes", () => {
    expect(claudeNotebookEdit(nb([code, markdown]), { cell_id: "cell-0", new_source: "md", cell_type: "markdown", edit_mode: "insert" })).toMatchObject({ content: "Inserted a new cell with md" });
    const top = claudeNotebookEdit(nb([code]), { new_source: "t", cell_type: "code", edit_mode: "insert" });
    expect("written" in top && JSON.parse(top.written).cells[0]).toEqual({ cell_type: "code", source: "t", metadata: {}, execution_count: null, outputs: [] });
    expect(claudeNotebookEdit(nb([code, markdown]), { cell_id: "cell-1", new_source: "", edit_mode: "delete" })).toMatchObject({ content: "Deleted cell cell-1" });
    // an nbformat 4.5 notebook's inserted cell gets a random id, named in the result
    expect(claudeNotebookEdit(nb([code], 5), { new_source: "t", cell_type: "code", edit_mode: "insert" })).toHaveProperty("unmodelled");
  });

  it("finds a cell by its own id first, then by cell-<index>; refuses in the binary's words", () => {
    const cells = [{ ...markdown, id: "m1" }];
    expect(claudeNotebookEdit(nb(cells, 5), { cell_id: "m1", new_source: "## C" })).toMatchObject({ content: "Updated cell m1 with ## C" });
    expect(claudeNotebookEdit(nb(cells), { cell_id: "cell-9", new_source: "x" })).toEqual({ refused: "Cell with index 9 does not exist in notebook." });
    expect(claudeNotebookEdit(nb(cells), { cell_id: "nosuch", new_source: "x" })).toEqual({ refused: 'Cell with ID "nosuch" not found in notebook.' });
    expect(claudeNotebookEdit(nb(cells), { new_source: "x" })).toEqual({ refused: "Cell ID must be specified when not inserting a new cell." });
    expect(claudeNotebookEdit("{not json", { cell_id: "cell-0", new_source: "x" })).toEqual({ refused: "Notebook is not valid JSON." });
    expect(claudeNotebookEdit('{"cells":[{"source":5}]}', { cell_id: "cell-0", new_source: "x" })).toHaveProperty("refused", expect.stringMatching(/^Notebook file is not a valid Jupyter notebook/));
  });

  it("keeps a byte-order mark and a missing final newline as they were", () => {
    const edit = claudeNotebookEdit(`\uFEFF${nb([markdown])}`, { cell_id: "cell-0", new_source: "z" });
    expect("written" in edit && edit.written.startsWith("\uFEFF{\n") && !edit.written.endsWith("\n")).toBe(true);
    expect(isClaudeNotebookText(`\uFEFF${nb([markdown])}`)).toBe(true);
    expect(isClaudeNotebookText("{not json")).toBe(false);
  });
});
