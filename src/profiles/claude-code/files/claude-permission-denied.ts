import { type ClaudeCodeResult, claudeError, toolUseError } from "../claude-result.js";

/**
 * What Claude Code 2.1.332 answers when the system refuses it a file for want of permission
 * (EACCES), run as a user other than root (a scenario's `agent.user`, spec §12): the Node error's
 * message, worded by the system call that failed and the path it was given. Observed (gate
 * scenario claude-permissions, user nobody):
 *
 * - Read of a file it may not read, or below a folder it may not search: `open` of the file, a
 *   plain error (§4.3);
 * - Edit of a file it may not read: the read in its checks fails, `<tool_use_error>Error calling
 *   tool (Edit): …</tool_use_error>` (§5.2);
 * - Write over a file it may not read: the read of the old text fails, a plain error; Write below
 *   a folder it may not search: the `stat` in its checks, `<tool_use_error>Error calling tool
 *   (Write): …</tool_use_error>`; Write of a new file in a folder it may not write: the binary
 *   writes a temp file beside it first (`<path>.tmp.<pid>.<12 hex digits>`, then renamed), whose
 *   `open` fails, a plain error naming the temp file (its pid and random digits redacted, §8) (§6.1);
 *   Edit creating a file (empty `old_string`) there: the same.
 */
export type ClaudePermissionDenied = "read-open" | "edit-open" | "write-open" | "write-stat" | "write-temp";

/** The tokens that stand for the temp file's pid and random digits (src/profiles/claude-code/claude-redactions.ts). */
export const CLAUDE_TEMP_SUFFIX_TOKEN = ".tmp.[PID].[RANDOM]";

/** The result for a permission refusal of `path` (the absolute path the binary resolved). @see spec §12 */
export function formatClaudePermissionDenied(denied: ClaudePermissionDenied, path: string): ClaudeCodeResult {
  switch (denied) {
    case "read-open":
    case "write-open":
      return claudeError(`EACCES: permission denied, open '${path}'`);
    case "edit-open":
      return toolUseError(`Error calling tool (Edit): EACCES: permission denied, open '${path}'`);
    case "write-stat":
      return toolUseError(`Error calling tool (Write): EACCES: permission denied, stat '${path}'`);
    case "write-temp":
      return claudeError(`EACCES: permission denied, open '${path}${CLAUDE_TEMP_SUFFIX_TOKEN}'`);
  }
}
