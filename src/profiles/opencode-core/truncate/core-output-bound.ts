import { utf8LengthAtMost } from "../../../text/utf8-length.js";
import type { OutputStorePort } from "../../output-store-port.js";
import type { ToolContent, ToolFileContent } from "../result/core-tool-content.js";
import type { ToolOutput } from "../result/core-tool-output.js";
import type { OutputLimits } from "./core-output-limits.js";
import { lineCountUpTo, preview, truncationMarker } from "./core-output-preview.js";

/** What `bound` returns: the (possibly) bounded output and the files it saved. */
export interface BoundOutcome {
  output: ToolOutput;
  /** `[]` when the output was unchanged, else the one saved file. */
  outputPaths: string[];
}

/**
 * The text `bound` measures and saves: the pretty JSON of `structured` when there is no content,
 * else the text parts concatenated with no separator.
 * @see spec §3.2 step 2
 */
export function boundFullText(output: ToolOutput): string {
  if (output.content.length === 0) return JSON.stringify(output.structured, null, 2) ?? String(output.structured);
  let full = "";
  for (const part of output.content) if (part.type === "text") full += part.text;
  return full;
}

/**
 * Whether a text is within the limits: `lineCount ≤ maxLines && bytes ≤ maxBytes`.
 * @see spec §3.2 step 3
 */
export function withinLimits(full: string, limits: OutputLimits): boolean {
  return lineCountUpTo(full, limits.maxLines) <= limits.maxLines && utf8LengthAtMost(full, limits.maxBytes);
}

/**
 * ToolOutputStore.bound: unchanged when `full` is within the limits; otherwise `full` is saved
 * through the store and the content becomes one text part holding the preview, followed by the
 * original file parts in order. `structured` is kept as it is.
 * @see spec §3.2 steps 1–5
 */
export function boundToolOutput(output: ToolOutput, limits: OutputLimits, store: OutputStorePort): BoundOutcome {
  const full = boundFullText(output);
  if (withinLimits(full, limits)) return { output, outputPaths: [] };
  const path = store.write(full);
  return { output: boundedOutput(output, full, path, limits), outputPaths: [path] };
}

/**
 * The bounded output once `full` is saved at `path`.
 * @see spec §3.2 step 4
 */
export function boundedOutput(output: ToolOutput, full: string, path: string, limits: OutputLimits): ToolOutput {
  const text = preview(full, truncationMarker(path), limits.maxLines, limits.maxBytes);
  const files = output.content.filter((part: ToolContent): part is ToolFileContent => part.type === "file");
  return { structured: output.structured, content: [{ type: "text", text }, ...files] };
}
