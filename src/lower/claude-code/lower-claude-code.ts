import type { ClaudeCodeResult } from "../../profiles/claude-code/claude-result.js";

/** One call of a claude-code turn and its formatted result. */
export interface ClaudeTurnCall {
  id: string;
  tool: string;
  input: unknown;
  result: ClaudeCodeResult;
}

/**
 * A `tool_result` block as Claude Code 2.1.332 sends it: a success as
 * `{tool_use_id, type, content[, is_error: false]}`, a failure as
 * `{type, content, is_error: true, tool_use_id}`; ToolSearch's as `{type, tool_use_id, content}`. @see docs/spec/claude-code-2.1.332.md §2.1
 */
export function claudeToolResultBlock(id: string, result: ClaudeCodeResult): Record<string, unknown> {
  if (result.is_error === true) return { type: "tool_result", content: result.content, is_error: true, tool_use_id: id };
  if (result.typeFirst === true) return { type: "tool_result", tool_use_id: id, content: result.content };
  return { tool_use_id: id, type: "tool_result", content: result.content, ...(result.is_error === false ? { is_error: false } : {}) };
}

/**
 * The anthropic-messages `messages` Claude Code sends right after a turn's tools ran, reduced to
 * the turn: the prompt, the assistant's `tool_use` blocks, and one user message with a
 * `tool_result` per call in call order and the blocks results add after them (ToolSearch's
 * `Tool loaded.`), then each result's notes as `role: "system"` turns
 * (content a string); the request's cache breakpoint (`cache_control: {type: "ephemeral"}`) on
 * its last block: the last note (its content then one text block) or else the last result.
 * @see spec §2.1–§2.3, §4.6
 */
export function lowerClaudeTurn(prompt: string, calls: readonly ClaudeTurnCall[]): { messages: unknown[] } {
  const results: Record<string, unknown>[] = calls.map((call) => claudeToolResultBlock(call.id, call.result));
  results.push(...calls.flatMap((call) => call.result.blocks ?? []));
  const notes: Record<string, unknown>[] = calls.flatMap((call) => (call.result.notes ?? []).map((text) => ({ role: "system", content: text })));
  if (notes.length > 0) {
    const last = notes[notes.length - 1];
    notes[notes.length - 1] = { role: "system", content: [{ type: "text", text: last.content, cache_control: { type: "ephemeral" } }] };
  } else if (results.length > 0) {
    results[results.length - 1] = { ...results[results.length - 1], cache_control: { type: "ephemeral" } };
  }
  return {
    messages: [
      { role: "user", content: [{ type: "text", text: prompt }] },
      { role: "assistant", content: calls.map((call) => ({ type: "tool_use", id: call.id, name: call.tool, input: call.input })) },
      { role: "user", content: results },
      ...notes,
    ],
  };
}
