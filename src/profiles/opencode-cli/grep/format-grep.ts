import { grepLinePreview } from "../../opencode-shared/grep-line-preview.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { GrepObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/** @see spec §2.5 v1 (ripgrep service limit) */
export const GREP_LIMIT = 100;
/**
 * v1 grep: `Found <N> matches` (+ ` (more matches available)` at 100), a blank line before each
 * new `<abs path>:` group but the first, `  Line <n>: <text>` with ripgrep's terminator kept,
 * and the truncation notice at 100. Title = the pattern.
 * @see spec §2.5 v1, README "grep", "grep match text"
 */
export function formatGrep(input: { pattern: string }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const matches = (observation as unknown as GrepObservation).matches.slice(0, GREP_LIMIT);
  if (matches.length === 0) return { title: input.pattern, output: "No files found", truncated: false };
  const truncated = matches.length === GREP_LIMIT;
  const lines = [`Found ${matches.length} matches${truncated ? " (more matches available)" : ""}`];
  let currentPath: string | undefined;
  for (const match of matches) {
    if (match.path !== currentPath) {
      if (currentPath !== undefined) lines.push("");
      currentPath = match.path;
      lines.push(`${match.path}:`);
    }
    lines.push(`  Line ${match.line}: ${grepLinePreview(match.text)}`);
  }
  if (truncated) lines.push("", "(Results truncated. Consider using a more specific path or pattern.)");
  return { title: input.pattern, output: lines.join("\n"), truncated };
}
