import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 todowrite: `JSON.stringify(todos, null, 2)`; title `<k> todos`, k = todos not completed.
 * @see spec §2.10
 */
export function formatTodowrite(input: { todos: unknown[] }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const open = input.todos.filter((todo) => (todo as { status?: unknown } | null)?.status !== "completed").length;
  // Decoded by the Todo schema (content, status, priority): keys in that order, others dropped (campaign seed 424242; v2 §2.10 likewise).
  const todos = input.todos.map((todo) => {
    const item = todo as Record<string, unknown>;
    return { content: item.content, status: item.status, priority: item.priority };
  });
  return { title: `${open} todos`, output: JSON.stringify(todos, null, 2) };
}
