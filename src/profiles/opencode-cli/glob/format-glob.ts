import { resolvePath, titlePath } from "../../../text/path-posix.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { GlobObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/** @see spec §2.6 v1 */
export const GLOB_LIMIT = 100;

/**
 * v1 glob: absolute paths joined by `⏎` (no trailing newline) or `No files found`, and the
 * truncation notice at 100 results. Title = the searched directory relative to the worktree.
 * @see spec §2.6 v1, README "glob"
 */
export function formatGlob(input: { pattern: string; path?: string }, observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const paths = (observation as unknown as GlobObservation).paths.slice(0, GLOB_LIMIT);
  const cwd = context.options.cwd;
  const searched = input.path === undefined ? cwd : cwd === undefined ? input.path : resolvePath(cwd, input.path);
  const title = searched === undefined ? "" : titlePath(searched, cwd);
  if (paths.length === 0) return { title, output: "No files found", truncated: false };
  const truncated = paths.length === GLOB_LIMIT;
  let output = paths.join("\n");
  if (truncated) {
    output += "\n\n(Results are truncated: showing first 100 results. Consider using a more specific path or pattern.)";
  }
  return { title, output, truncated };
}
