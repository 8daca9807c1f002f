import { decodeBase64 } from "../../../text/base64.js";
import { UnsupportedError } from "../../profile.js";
import type { ClaudeCodeResult } from "../claude-result.js";
import { claudeImageMagicType } from "./claude-image-magic.js";
import { isClaudeNotebookShape } from "./claude-notebook-edit.js";

/**
 * Read of a Jupyter notebook (`.ipynb`), as Claude Code 2.1.332 renders it (its bundle's notebook
 * reader, spec §4.7): every cell becomes a text block
 * `<cell id="ID">[<cell_type>T</cell_type>][<language>L</language>]SOURCE</cell id="ID">` (ID the
 * cell's `id`, else `cell-N`; the type for a cell that is not code; the language for a code cell
 * when the notebook's `metadata.language_info.name` is not `python`), followed by its outputs: a
 * text block `⏎TEXT` for an output with text, an image block for a PNG or JPEG in a result; an
 * output of an unknown type adds `⏎Outputs of an unknown type are not shown.`; a cell whose
 * outputs hold over 10,000 characters (text and base64 together) shows one line naming the jq
 * command to read them instead. Then adjacent text blocks are joined with `⏎`.
 * `offset` and `limit` change nothing (observed). What is not pinned is `unsupported`, naming it.
 */
export function formatClaudeNotebook(text: string, paged: boolean): ClaudeCodeResult {
  const unsupported = (why: string) => new UnsupportedError(`claude-code: Read of a notebook ${why} is not modelled (docs/spec/claude-code-2.1.332.md §4.7, §9)`);
  if (paged) throw unsupported("with pages");
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    throw unsupported("that is not valid JSON");
  }
  // The bundle's validity test (its Read refusal text is not observed).
  if (!isClaudeNotebookShape(notebook)) throw unsupported("that is not a valid notebook (cells not an array of cells with text sources)");
  const cells = notebook.cells;
  // No cells: the string the binary sends for an empty result (observed, `claude-unseen2-notebook`).
  if (cells.length === 0) return { content: "(Read completed with no output)" };
  const language = languageOf(notebook as Record<string, unknown>);
  const blocks = (cells as Record<string, unknown>[]).flatMap((cell, index) => cellBlocks(cell, index, language, unsupported));
  const joined: Record<string, unknown>[] = [];
  for (const block of blocks) {
    const last = joined.at(-1);
    if (last?.type === "text" && block.type === "text") last.text = `${String(last.text)}\n${String(block.text)}`;
    else joined.push(block);
  }
  return { content: joined };
}

/** Above this many characters of output (text and image base64 together), a cell's outputs are replaced by a pointer to them. */
const CELL_OUTPUTS_MAX_CHARS = 10_000;
/** An output text longer than this is cut (Bash's 30,000-character output limit; the cut is not modelled). */
const OUTPUT_TEXT_MAX_CHARS = 30_000;

const joinText = (value: unknown) => (Array.isArray(value) ? value.join("") : value);

function languageOf(notebook: Record<string, unknown>): string {
  const name = ((notebook.metadata as Record<string, unknown> | undefined)?.language_info as Record<string, unknown> | undefined)?.name;
  return name === undefined || name === null ? "python" : String(name);
}

interface NotebookOutput {
  text: string;
  image?: { data: string; mediaType: string };
}

function cellBlocks(cell: Record<string, unknown>, index: number, language: string, unsupported: (why: string) => Error): Record<string, unknown>[] {
  const id = cell.id === undefined || cell.id === null ? `cell-${index}` : String(cell.id);
  const type = cell.cell_type;
  const tags = `${type !== "code" ? `<cell_type>${String(type)}</cell_type>` : ""}${type === "code" && language !== "python" ? `<language>${language}</language>` : ""}`;
  const blocks: Record<string, unknown>[] = [{ text: `<cell id="${id}">${tags}${joinText(cell.source)}</cell id="${id}">`, type: "text" }];
  if (type === "code" && cell.outputs !== undefined && cell.outputs !== null && !Array.isArray(cell.outputs)) throw unsupported("with outputs that are not a list");
  const outputs = type === "code" && Array.isArray(cell.outputs) ? cell.outputs : [];
  if (outputs.length === 0) return blocks;
  let rendered = outputs.map((output) => renderOutput(output, unsupported));
  const known = rendered.filter((output): output is NotebookOutput => output !== undefined);
  const size = known.reduce((sum, output) => sum + output.text.length + (output.image?.data.length ?? 0), 0);
  if (size > CELL_OUTPUTS_MAX_CHARS) rendered = [{ text: `Outputs are too large to include. Use Bash with: cat <notebook_path> | jq '.cells[${index}].outputs'` }];
  for (const output of rendered) {
    if (output === undefined) continue;
    if (output.text) blocks.push({ text: `\n${output.text}`, type: "text" });
    if (output.image) blocks.push({ type: "image", source: { data: output.image.data, media_type: output.image.mediaType, type: "base64" } });
  }
  if (rendered.some((output) => output === undefined)) blocks.push({ text: "\nOutputs of an unknown type are not shown.", type: "text" });
  return blocks;
}

/** One output as the bundle reads it, or undefined for an output type it does not know. */
function renderOutput(output: unknown, unsupported: (why: string) => Error): NotebookOutput | undefined {
  const value = (output ?? {}) as Record<string, unknown>;
  const outputText = (raw: unknown): string => {
    if (raw === undefined || raw === null || raw === "") return "";
    const text = joinText(raw);
    if (typeof text !== "string") throw unsupported("with an output text that is not a string");
    if (/^data:image\/[a-z0-9.+_-]+;base64,/i.test(text)) return text;
    if (text.length > OUTPUT_TEXT_MAX_CHARS) throw unsupported("with an output text over 30,000 characters (cut with a count of lines)");
    return text;
  };
  switch (value.output_type) {
    case "stream":
      return { text: outputText(value.text) };
    case "execute_result":
    case "display_data": {
      const data = value.data as Record<string, unknown> | undefined;
      const image = data ? imageOf(data) : undefined;
      return { text: outputText(data?.["text/plain"]), ...(image ? { image } : {}) };
    }
    case "error": {
      const traceback = value.traceback === undefined || value.traceback === null ? [] : value.traceback;
      if (!Array.isArray(traceback)) throw unsupported("with an error output whose traceback is not a list");
      return { text: outputText([`${String(value.ename)}: ${String(value.evalue)}`, ...traceback].join("\n")) };
    }
    default:
      return undefined;
  }
}

/**
 * The image of a result: the first of `image/png`, `image/jpeg` that is a string, its whitespace
 * removed; none when that string is not base64 of an image's first bytes (PNG, JPEG, GIF or WebP
 * by magic number). The block names the key's media type.
 */
function imageOf(data: Record<string, unknown>): { data: string; mediaType: string } | undefined {
  for (const mediaType of ["image/png", "image/jpeg"]) {
    const raw = data[mediaType];
    if (typeof raw !== "string") continue;
    const base64 = raw.replace(/\s/g, "");
    return looksLikeImageBase64(base64) ? { data: base64, mediaType } : undefined;
  }
  return undefined;
}

/** The bundle's test: a well-formed base64 text whose first 16 characters decode to an image's magic number. */
function looksLikeImageBase64(text: string): boolean {
  if (!(text.endsWith("=") ? text.length % 4 === 0 : text.length % 4 !== 1) || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return false;
  return claudeImageMagicType(decodeBase64(text.slice(0, 16).replace(/=/g, ""))) !== null;
}
