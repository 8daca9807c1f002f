import { joinPath } from "../../../text/path-posix.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import { diagnosticsFor, reportDiagnostics } from "../format-diagnostics.js";
import type { ApplyPatchObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 apply_patch: `Success. Updated the following files:` + `A|M|D <rel>` lines, then per
 * non-deleted file with errors `⏎⏎LSP errors detected in <rel>, please fix:⏎<block>` (the block
 * names the absolute path). The title is the file summary alone, without the LSP blocks.
 * @see spec §2.4 apply_patch v1
 */
export function formatApplyPatch(observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const patch = observation as unknown as ApplyPatchObservation;
  const summary = patch.changes.map((change) => `${change.op} ${change.path}`).join("\n");
  const title = `Success. Updated the following files:\n${summary}`;
  let output = title;
  for (const change of patch.changes) {
    if (change.op === "D") continue;
    const absolute = change.absolute ?? joinPath(context.options.cwd ?? "/", change.path);
    const block = reportDiagnostics(absolute, diagnosticsFor(patch.diagnostics, absolute));
    if (block !== "") output += `\n\nLSP errors detected in ${change.path}, please fix:\n${block}`;
  }
  return { title, output };
}
