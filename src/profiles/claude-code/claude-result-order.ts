import { claudeInputIssues, claudeNormalizedInput, claudeToolNames } from "./claude-tools.js";

/** One call of a turn, as the model made it. */
export interface ClaudeOrderedCall {
  id: string;
  tool: string;
  input: unknown;
}

/** Tools the binary does not run beside others (they change files): each is a batch of its own. */
const SERIAL_TOOLS = new Set(["Edit", "Write", "NotebookEdit"]);

/** Whether the binary runs the call at once with its concurrency-safe neighbours: a known tool with a valid input that changes no file, or a name it does not run at all. */
function concurrencySafe(call: ClaudeOrderedCall): boolean {
  if (!claudeToolNames.includes(call.tool)) return true;
  if (SERIAL_TOOLS.has(call.tool)) return false;
  return claudeInputIssues(call.tool, claudeNormalizedInput(call.tool, call.input)).length === 0;
}

/**
 * The order in which the binary may place a turn's results: its calls cut into batches — a run of
 * consecutive concurrency-safe calls (Read, Bash, unknown names…) is one batch whose results come
 * as each finishes, a call that is not (Edit, Write, NotebookEdit, an invalid input) a batch of
 * its own — the batches in call order. Returns the agent's order when it is one of those (the
 * finishing order within a batch is a race the profile adopts, like ripgrep's file order), else
 * the call order, so a real misplacement still shows. (Every valid Bash counts as safe here: the
 * binary's read-only classification of commands is not modelled, which only widens what is
 * accepted.) @see docs/spec/claude-code-2.1.332.md §2.2
 */
export function claudeResultOrder(calls: readonly ClaudeOrderedCall[], agentOrder: readonly string[] | undefined): string[] {
  const callOrder = calls.map((call) => call.id);
  if (agentOrder === undefined || agentOrder.length !== calls.length || new Set(agentOrder).size !== calls.length || !agentOrder.every((id) => callOrder.includes(id))) return callOrder;
  const batches: string[][] = [];
  calls.forEach((call, index) => {
    const previous = calls[index - 1];
    if (index > 0 && previous !== undefined && concurrencySafe(call) && concurrencySafe(previous)) batches[batches.length - 1]!.push(call.id);
    else batches.push([call.id]);
  });
  let at = 0;
  for (const batch of batches) {
    const placed = agentOrder.slice(at, at + batch.length);
    if (!placed.every((id) => batch.includes(id))) return callOrder;
    at += batch.length;
  }
  return [...agentOrder];
}
