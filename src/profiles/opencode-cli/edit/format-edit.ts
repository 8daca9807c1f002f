import { titlePath } from "../../../text/path-posix.js";
import { UnsupportedError } from "../../profile.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import { thisFileDiagnostics } from "../format-diagnostics.js";
import type { EditError, EditObservation } from "../format-observations.js";
import { ToolFailure, type ToolOutcome } from "../result/format-result.js";

/**
 * v1 edit: `Edit applied successfully.` plus this file's LSP errors, or the v1 error text for the
 * observation's error kind. No diff, no replacement count.
 * @see spec §2.4 v1, README "edit"
 */
export function formatEdit(observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const edit = observation as unknown as EditObservation;
  if (edit.error !== undefined) throw new ToolFailure(editErrorText(edit.error, edit.path));
  return {
    title: titlePath(edit.path, context.options.cwd),
    output: "Edit applied successfully." + thisFileDiagnostics(edit.diagnostics, edit.path),
  };
}

/**
 * The v1 error text of each edit failure. `changed` and `unable` exist only in v2.
 * @see spec §2.4 v1 errors
 */
export function editErrorText(error: EditError, path: string): string {
  switch (error) {
    case "identical":
      return "No changes to apply: oldString and newString are identical.";
    case "empty-old-string":
      return "oldString cannot be empty when editing an existing file. Provide the exact text to replace, or use write for an intentional full-file replacement.";
    case "file-missing":
      return `File ${path} not found`;
    case "is-directory":
      return `Path is a directory, not a file: ${path}`;
    case "not-found":
      return "Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings.";
    case "multiple":
      return "Found multiple matches for oldString. Provide more surrounding context to make the match unique.";
    case "span-too-large":
      return "Refusing replacement because the matched span is much larger than oldString. Re-read the file and provide the full exact oldString for the intended replacement.";
    case "changed":
    case "unable":
      throw new UnsupportedError(`opencode-cli edit has no "${error}" failure (v2 only, spec §2.4)`);
    default: {
      const _exhaustive: never = error;
      throw new UnsupportedError(`Unknown edit error ${JSON.stringify(_exhaustive)}`);
    }
  }
}
