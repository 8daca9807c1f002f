import { countNewlines } from "../../../text/count-newlines.js";
import { utf8Length } from "../../../text/utf8-length.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { fitsLimits, walkHeadLines, walkTailLines } from "./truncate-line-walk.js";

/** @see spec §3.1 constants */
export const TRUNCATE_MAX_LINES = 2000;
/** @see spec §3.1 constants */
export const TRUNCATE_MAX_BYTES = 51200;

/** `Truncate.output` options (per-call limits, direction, and whether the agent may use `task`). */
export interface TruncateOutputOptions {
  maxLines?: number;
  maxBytes?: number;
  direction?: "head" | "tail";
  /** The agent's permissions do not deny `task` (picks the hint, §3.1 step 7). Default true. */
  taskAllowed?: boolean;
}

/** `Truncate.output`'s result. */
export interface TruncateOutputResult {
  content: string;
  truncated: boolean;
  /** The saved full text, present exactly when `truncated`. */
  outputPath?: string;
}

/**
 * The hint after the `...<n> <unit> truncated...` line.
 * @see spec §3.1 step 7
 */
export function truncationHint(path: string, taskAllowed: boolean): string {
  const saved = `The tool call succeeded but the output was truncated. Full output saved to: ${path}`;
  return taskAllowed
    ? `${saved}\nUse the Task tool to have explore agent process this file with Grep and Read (with offset/limit). Do NOT read the full file yourself - delegate to save context.`
    : `${saved}\nUse Grep to search the full content or Read with offset/limit to view specific sections.`;
}

/**
 * v1 `Truncate.output(text, options, agent)`: one-sided line/byte truncation with the full text
 * saved through `store`. The kept preview holds whole lines only (a single over-budget line keeps
 * nothing); `removed` is in bytes when the byte budget stopped the walk, else in lines.
 * @see spec §3.1
 */
export function truncateOutput(text: string, options: TruncateOutputOptions, store: OutputStorePort): TruncateOutputResult {
  const maxLines = options.maxLines ?? TRUNCATE_MAX_LINES;
  const maxBytes = options.maxBytes ?? TRUNCATE_MAX_BYTES;
  const direction = options.direction ?? "head";
  if (fitsLimits(text, maxLines, maxBytes)) return { content: text, truncated: false };

  const walk = direction === "head" ? walkHeadLines(text, maxLines, maxBytes) : walkTailLines(text, maxLines, maxBytes);
  const removed = walk.hitBytes ? utf8Length(text) - walk.bytes : countNewlines(text) + 1 - walk.kept;
  const unit = walk.hitBytes ? "bytes" : "lines";
  const preview = text.slice(walk.start, walk.end);
  const outputPath = store.write(text);
  const hint = truncationHint(outputPath, options.taskAllowed ?? true);
  const content = direction === "head" ? `${preview}\n\n...${removed} ${unit} truncated...\n\n${hint}` : `...${removed} ${unit} truncated...\n\n${hint}\n\n${preview}`;
  return { content, truncated: true, outputPath };
}
