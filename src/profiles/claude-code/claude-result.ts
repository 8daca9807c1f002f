/**
 * What Claude Code 2.1.332 puts in one `tool_result` block: the text, and `is_error` when it sends
 * one (true on every failure; false on a Bash success; absent on Read, Edit and Write successes).
 * @see docs/spec/claude-code-2.1.332.md §2
 */
export interface ClaudeCodeResult {
  /** A string, or content blocks (Read's image and notebook results, spec §4.7). */
  content: string | Record<string, unknown>[];
  is_error?: boolean;
  /** The result block's keys are `type, tool_use_id, content` (ToolSearch, §7.5). */
  typeFirst?: boolean;
  /** Blocks the binary adds to the results' user message after every result of the turn (ToolSearch's `Tool loaded.`, §7.5). */
  blocks?: Record<string, unknown>[];
  /** Notes the binary sends as `role: "system"` turns after the turn's results (Read's truncation notice). @see spec §2.3, §4.6 */
  notes?: string[];
}

/** A failure: its text with `is_error: true`. */
export const claudeError = (content: string): ClaudeCodeResult => ({ content, is_error: true });

/** A refusal of the tool layer, wrapped in `<tool_use_error>`. @see spec §7 */
export const toolUseError = (message: string): ClaudeCodeResult => claudeError(`<tool_use_error>${message}</tool_use_error>`);
