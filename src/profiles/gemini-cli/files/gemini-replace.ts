import { UnsupportedError } from "../../profile.js";

/** What a replace call does to a file. @see docs/spec/gemini-cli-0.61.0.md §6.1 */
export type GeminiReplaceOutcome = { kind: "written"; written: string; occurrences: number; created: boolean } | { kind: "refused"; error: string } | { kind: "missing" };

const countOf = (text: string, search: string) => (search === "" ? 0 : text.split(search).length - 1);

/**
 * Decides a replace call from the file's text before (null: no file): creation with an empty
 * `old_string`, exact literal matches (CRLF in the strings read as LF), the occurrence checks and
 * their texts (which name `file_path` as given). Gemini CLI's flexible, regex and fuzzy strategies
 * (tried when there is no exact match) are not modelled: a call without an exact match whose
 * `old_string` matches once whitespace is trimmed is refused as unsupported.
 * @see docs/spec/gemini-cli-0.61.0.md §6.1 [bundle: packages/core/src/tools/edit.ts calculateReplacement, getErrorReplaceResult]
 */
export function applyGeminiReplace(before: string | null, input: Record<string, unknown>): GeminiReplaceOutcome {
  const filePath = String(input.file_path);
  const search = String(input.old_string).replace(/\r\n/g, "\n");
  const replacement = String(input.new_string).replace(/\r\n/g, "\n");
  if (before === null) {
    if (search === "") return { kind: "written", written: replacement, occurrences: 0, created: true };
    return { kind: "missing" };
  }
  if (search === "") throw new UnsupportedError("replace: an empty old_string on an existing file is not modelled");
  if (before.includes("\r\n")) throw new UnsupportedError("replace: CRLF files are not modelled");
  const occurrences = countOf(before, search);
  if (occurrences === 0) {
    const trimmed = search
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
    const flexible = before
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
  const written = input.allow_multiple === true ? before.split(search).join(replacement) : before.replace(search, () => replacement);
  return { kind: "written", written, occurrences, created: false };
}
