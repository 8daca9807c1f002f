import type { EditFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import type { FormatOptions } from "../../profile.js";
import { requireFacts } from "../core-observation-facts.js";
import { resourceOf } from "../core-resource.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolFailure } from "../result/core-tool-failure.js";
import { toolFailure } from "../result/core-tool-failure.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** edit's v2 input. @see spec §2.4 (v2) */
export interface EditInput {
  path: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
}

/** @see spec §2.4 (v2 preview: 6 lines, 240 chars) */
export const EDIT_PREVIEW_LINES = 6;
export const EDIT_PREVIEW_LINE_CHARS = 240;

/**
 * Number of non-overlapping exact occurrences of `search` in `text` (what `Replacements: <n>`
 * counts). For adapters that compute edit observations.
 * @see spec §2.4 (v2: `n` = number of non-overlapping exact occurrences)
 */
export function countOccurrences(text: string, search: string): number {
  if (search === "") return 0;
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

/**
 * The preview lines of one side: CRLF → LF, split on LF, the first 6 lines each cut to 240 chars
 * plus `...`, then `<sign>...` when there are more than 6.
 * @see spec §2.4 (v2 lines 4–7)
 */
export function editPreviewLines(text: string, sign: "-" | "+"): string[] {
  const lines = text.replaceAll("\r\n", "\n").split("\n");
  const shown = lines.slice(0, EDIT_PREVIEW_LINES).map((line) => `${sign}${line.length > EDIT_PREVIEW_LINE_CHARS ? `${line.slice(0, EDIT_PREVIEW_LINE_CHARS)}...` : line}`);
  return lines.length > EDIT_PREVIEW_LINES ? [...shown, `${sign}...`] : shown;
}

/**
 * The v2 error text for an edit the observation reports as failed.
 * @see spec §2.4 (v2 errors)
 */
export function editFailureText(error: NonNullable<EditFacts["error"]>, path: string): string {
  switch (error) {
    case "empty-old-string":
      return "oldString must not be empty. Use write to create or overwrite a file.";
    case "not-found":
      return "Could not find oldString in the file. It must match exactly, including whitespace and indentation.";
    case "multiple":
      return "Found multiple exact matches for oldString. Provide more surrounding context or set replaceAll to true.";
    case "changed":
      return "File changed after permission approval. Read it again before editing.";
    case "identical":
      return "No changes to apply: oldString and newString are identical.";
    case "file-missing":
    case "is-directory":
    case "span-too-large":
    case "unable":
      return `Unable to edit ${path}`;
    default: {
      const _exhaustive: never = error;
      return _exhaustive;
    }
  }
}

/**
 * `Edited file successfully: <resource>⏎Replacements: <n>⏎```diff⏎-old…⏎+new…⏎```` (no trailing
 * newline). `n` is the observation's count, 1 when it gives none (a single exact match).
 * @see spec §2.4 (v2, bundle tP)
 */
export function formatEdit(editInput: EditInput, observation: EditFacts, options: FormatOptions = {}): ToolOutput | ToolFailure {
  requireFacts("edit", observation, { path: "string" });
  // v2 checks identical strings, then an empty oldString, before touching the path; its
  // "Unable to edit" names the path as the model gave it (bundle EditTool)
  if (editInput.oldString === editInput.newString) return toolFailure(editFailureText("identical", editInput.path));
  if (editInput.oldString === "") return toolFailure(editFailureText("empty-old-string", editInput.path));
  if (observation.error !== undefined) return toolFailure(editFailureText(observation.error, typeof editInput.path === "string" ? editInput.path : observation.path));
  const resource = observation.resource ?? resourceOf(observation.path, options.cwd);
  const replacements = observation.replacements ?? 1;
  const lines = [
    `Edited file successfully: ${resource}`,
    `Replacements: ${replacements}`,
    "```diff",
    ...editPreviewLines(editInput.oldString, "-"),
    ...editPreviewLines(editInput.newString, "+"),
    "```",
  ];
  return { structured: { resource, replacements }, content: [{ type: "text", text: lines.join("\n") }] };
}

/** @see spec §2.4 (v2) */
export const editTool: CoreTool<EditInput, EditFacts> = {
  input: [input.required("path", input.string), input.required("oldString", input.string), input.required("newString", input.string), input.optional("replaceAll", input.boolean)],
  format: formatEdit,
};
