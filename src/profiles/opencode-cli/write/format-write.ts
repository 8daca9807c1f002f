import { titlePath } from "../../../text/path-posix.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import { projectDiagnostics } from "../format-diagnostics.js";
import type { WriteObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 write: `Wrote file successfully.` for a new file and an overwrite alike, then LSP error
 * blocks for this file and up to 5 others. The §2.0 wrapper truncates it.
 * @see spec §2.3 v1, README "write"
 */
export function formatWrite(observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const write = observation as unknown as WriteObservation;
  return {
    title: titlePath(write.path, context.options.cwd),
    output: "Wrote file successfully." + projectDiagnostics(write.diagnostics, write.path),
  };
}
