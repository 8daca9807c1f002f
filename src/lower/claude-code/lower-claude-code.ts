import type { ClaudeCodeResult } from "../../profiles/claude-code/claude-result.js";
import { UnsupportedError } from "../../profiles/profile.js";

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
 * `Tool loaded.`), then the results' notes as `role: "system"` turns (content a string; the
 * truncation notices of several Reads are one turn, see turnNotes); the request's cache breakpoint (`cache_control: {type: "ephemeral"}`) on
 * its last block: the last note (its content then one text block) or else the last result.
 * @see spec §2.1–§2.3, §4.6
 */
export function lowerClaudeTurn(prompt: string, calls: readonly ClaudeTurnCall[]): { messages: unknown[] } {
  const results: Record<string, unknown>[] = calls.map((call) => claudeToolResultBlock(call.id, call.result));
  results.push(...calls.flatMap((call) => call.result.blocks ?? []));
  const notes: Record<string, unknown>[] = turnNotes(calls).map((text) => ({ role: "system", content: text }));
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

/** How a Read's truncation notice starts (spec §4.6). */
const READ_NOTICE_PREFIX = "[Truncated: PARTIAL view — ";

/**
 * The system notes after a turn's results, in the order the results were placed: one call's notes
 * as they are; the truncation notices of several Reads as one note, joined by `⏎⏎` (observed: two
 * and three capped Reads in one turn gave one system turn, in placement order; batch 6 judge,
 * spec §2.3, §4.6). Notes of several calls of other kinds in one turn are not pinned.
 */
function turnNotes(calls: readonly ClaudeTurnCall[]): string[] {
  const noting = calls.filter((call) => (call.result.notes ?? []).length > 0);
  if (noting.length <= 1) return noting.flatMap((call) => call.result.notes ?? []);
  const notes = noting.flatMap((call) => call.result.notes ?? []);
  if (notes.every((note) => note.startsWith(READ_NOTICE_PREFIX))) return [notes.join("\n\n")];
  throw new UnsupportedError("claude-code: system notes of several calls in one turn, other than Read truncation notices, are not pinned (docs/spec/claude-code-2.1.332.md §2.3)");
}
