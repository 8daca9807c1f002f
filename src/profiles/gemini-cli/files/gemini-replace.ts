import { UnsupportedError } from "../../profile.js";

/** What a replace call does to a file. @see docs/spec/gemini-cli-0.61.0.md §6.1 */
export type GeminiReplaceOutcome =
  | { kind: "written"; written: string; occurrences: number; created: boolean; compared: string }
  | { kind: "refused"; error: string }
  | { kind: "missing" }
  | { kind: "exists" };

const countOf = (text: string, search: string) => (search === "" ? 0 : text.split(search).length - 1);

/**
 * Decides a replace call from the file's text before (null: no file): creation with an empty
 * `old_string` (refused when the file exists), exact literal matches on the text with CRLF read as
 * LF (CRLF in the strings too), the occurrence checks and their texts (which name `file_path` as
 * given), the trailing newline restored as it was, CRLF written back when the file had any.
 * `compared` is the text the snippet diffs against (the LF-normalized old text). Gemini CLI's flexible, regex and fuzzy strategies
 * (tried when there is no exact match) are not modelled: a call without an exact match whose
 * `old_string` matches once whitespace is trimmed is refused as unsupported.
 * @see docs/spec/gemini-cli-0.61.0.md §6.1 [bundle: packages/core/src/tools/edit.ts calculateReplacement, getErrorReplaceResult]
 */
export function applyGeminiReplace(before: string | null, input: Record<string, unknown>): GeminiReplaceOutcome {
  const filePath = String(input.file_path);
  const search = String(input.old_string).replace(/\r\n/g, "\n");
  const replacement = String(input.new_string).replace(/\r\n/g, "\n");
  if (before === null) {
    // a new file holds new_string as given, CRLF kept (observed: differential seed 28103) [bundle: edit.ts calculateEdit isNewFile]
    if (search === "") return { kind: "written", written: String(input.new_string), occurrences: 1, created: true, compared: "" };
    return { kind: "missing" };
  }
  if (search === "") return { kind: "exists" };
  const crlf = before.includes("\r\n");
  const text = before.replace(/\r\n/g, "\n");
  const occurrences = countOf(text, search);
  if (occurrences === 0) {
    const trimmed = search
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
    const flexible = text
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
    if (trimmed !== "" && flexible.includes(trimmed)) throw new UnsupportedError("replace: old_string matches only after trimming whitespace (the flexible strategy is not modelled)");
    return {
      kind: "refused",
      error: `Could not find an exact match for 'old_string' in '${filePath}'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.`,
    };
  }
  if (input.allow_multiple !== true && occurrences !== 1) {
    return {
      kind: "refused",
      error: `Failed to edit, Expected 1 occurrence but found ${occurrences} for old_string in file: ${filePath}. If you intended to replace multiple occurrences, set 'allow_multiple' to true.`,
    };
  }
  if (search === replacement) return { kind: "refused", error: `No changes to apply. The old_string and new_string are identical in file: ${filePath}` };
  // replaceAll of the literal, also for a single occurrence (safeLiteralReplace)
  let written = text.split(search).join(replacement);
  // restoreTrailingNewline: the old text's final newline, kept or left out as it was
  if (text.endsWith("\n") && !written.endsWith("\n")) written += "\n";
  else if (!text.endsWith("\n") && written.endsWith("\n")) written = written.slice(0, -1);
  return { kind: "written", written: crlf ? written.replace(/\r?\n/g, "\r\n") : written, occurrences, created: false, compared: text };
}
