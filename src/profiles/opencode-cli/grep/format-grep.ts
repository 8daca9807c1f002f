import { grepMatchGroups } from "../../opencode-shared/grep-match-lines.js";
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
  const lines = [`Found ${matches.length} matches${truncated ? " (more matches available)" : ""}`, ...grepMatchGroups(matches)];
  if (truncated) lines.push("", "(Results truncated. Consider using a more specific path or pattern.)");
  return { title: input.pattern, output: lines.join("\n"), truncated };
}
