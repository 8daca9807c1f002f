import { extnamePath } from "../../../text/path-posix.js";

/**
 * What Claude Code 2.1.332's NotebookEdit does to a notebook it may edit (bundle: the tool's
 * `validateInput` after the "not read yet" check, `NUn`, `call`, `mapToolResultToToolResultBlockParam`;
 * docs/spec/claude-code-2.1.332.md §7.4): the refusal, or the result text and the notebook's new
 * text. Pure: the caller reads and writes the file.
 */

/** Why a notebook is refused: its text is JSON, but not of cells with string or string-array sources. [bundle `x8e`, `nGt`] */
const NOT_A_NOTEBOOK = 'Notebook file is not a valid Jupyter notebook (top-level "cells" must be an array of cell objects, each with a string or string-array "source").';

export type ClaudeNotebookEdit =
  /** Refused by its validation (`<tool_use_error>`). */
  | { refused: string }
  /** Not modelled, and why. */
  | { unmodelled: string }
  | { content: string; written: string };

type Cell = Record<string, unknown> & { source: string | string[] };

/** The bundle's notebook test (`nGt`), shared by Read and NotebookEdit: `cells` an array of objects whose `source` is a string or strings. */
export const isClaudeNotebookShape = (value: unknown): value is { cells: Cell[]; nbformat?: unknown; nbformat_minor?: unknown } => {
  const cells = (value as { cells?: unknown } | null)?.cells;
  return (
    Array.isArray(cells) &&
    !cells.some(
      (cell) => cell === null || typeof cell !== "object" || (typeof cell.source !== "string" && !(Array.isArray(cell.source) && cell.source.every((line: unknown) => typeof line === "string"))),
    )
  );
};

/**
 * The checks before the notebook is read, in the binary's order: the extension, insert's cell type,
 * the session's read of it (a Read with `offset`/`limit` counts). [bundle: the tool's `validateInput`]
 */
export function claudeNotebookEarlyRefusal(path: string, input: Record<string, unknown>, known: boolean): string | undefined {
  if (extnamePath(path) !== ".ipynb") return "File must be a Jupyter notebook (.ipynb file). For editing other file types, use the FileEdit tool.";
  if (input.edit_mode === "insert" && !input.cell_type) return "Cell type is required when using edit_mode=insert.";
  if (!known) return "File has not been read yet. Read it first before writing to it.";
  return undefined;
}

/** Whether a notebook's text parses as one (a Read of one that does not fails, and does not count as read). */
export function isClaudeNotebookText(text: string): boolean {
  try {
    return isClaudeNotebookShape(JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text));
  } catch {
    return false;
  }
}

/** The cell an id names: a cell's own `id` first, then `cell-<index>`. [bundle `NUn`] */
function cellIndex(cells: Cell[], id: string | undefined, insert: boolean): number | { refused: string } {
  if (!id) return insert ? 0 : { refused: "Cell ID must be specified when not inserting a new cell." };
  let index = cells.findIndex((cell) => cell.id === id);
  if (index === -1) {
    const digits = /^cell-(\d+)$/.exec(id)?.[1];
    if (digits === undefined) return { refused: `Cell with ID "${id}" not found in notebook.` };
    index = Number.parseInt(digits, 10);
    if (!cells[index]) return { refused: `Cell with index ${index} does not exist in notebook.` };
  }
  return insert ? index + 1 : index;
}

/** The edit of `text` (the notebook as read, BOM and all) that `input` asks for. */
export function claudeNotebookEdit(text: string, input: Record<string, unknown>): ClaudeNotebookEdit {
  const mode = typeof input.edit_mode === "string" ? input.edit_mode : "replace";
  const id = typeof input.cell_id === "string" ? input.cell_id : undefined;
  const type = typeof input.cell_type === "string" ? input.cell_type : undefined;
  const source = String(input.new_source);
  if (text.includes("\r")) return { unmodelled: "a notebook with CR line endings (the binary writes it back with them)" };
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let notebook: unknown;
  try {
    notebook = JSON.parse(body);
  } catch {
    return { refused: "Notebook is not valid JSON." };
  }
  if (!isClaudeNotebookShape(notebook)) return { refused: NOT_A_NOTEBOOK };
  const index = cellIndex(notebook.cells, id, mode === "insert");
  if (typeof index !== "number") return index;
  let content: string;
  if (mode === "delete") {
    notebook.cells.splice(index, 1);
    content = `Deleted cell ${id}`;
  } else if (mode === "insert") {
    const { nbformat, nbformat_minor } = notebook;
    if (typeof nbformat !== "number" || nbformat > 4 || (nbformat === 4 && typeof nbformat_minor === "number" && nbformat_minor >= 5) || typeof nbformat_minor !== "number")
      return { unmodelled: "an inserted cell of an nbformat 4.5 notebook gets a random id, named in the result" };
    const cell = type === "markdown" ? { cell_type: "markdown", id: undefined, source, metadata: {} } : { cell_type: "code", id: undefined, source, metadata: {}, execution_count: null, outputs: [] };
    notebook.cells.splice(index, 0, cell as unknown as Cell);
    content = `Inserted a new cell with ${source}`;
  } else if (mode === "replace") {
    const cell = notebook.cells[index]!;
    // A cell with attachments: what the binary keeps of them (bundle `k8o`) is not read.
    if (Object.hasOwn(cell, "attachments")) return { unmodelled: "a cell with attachments (what the binary keeps of them is not pinned)" };
    cell.source = source;
    if (type !== undefined) cell.cell_type = type;
    if (cell.cell_type === "code") {
      cell.execution_count = null;
      cell.outputs = [];
    } else if (cell.cell_type === "markdown" || cell.cell_type === "raw") {
      delete cell.execution_count;
      delete cell.outputs;
    }
    content = `Updated cell ${id} with ${source}`;
  } else {
    return { unmodelled: `edit_mode ${mode}` };
  }
  const written = `${text.startsWith("\uFEFF") ? "\uFEFF" : ""}${JSON.stringify(notebook, null, 1)}${text.endsWith("\n") ? "\n" : ""}`;
  return { content, written };
}
