import type { FormatContext } from "./format-context.js";
import { failOnErrorObservation } from "./format-context.js";
import type { ToolOutcome } from "./format-result.js";

/**
 * v1 todowrite: `JSON.stringify(todos, null, 2)`; title `<k> todos`, k = todos not completed.
 * @see spec §2.10
 */
export function formatTodowrite(input: { todos: unknown[] }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const open = input.todos.filter((todo) => (todo as { status?: unknown } | null)?.status !== "completed").length;
  return { title: `${open} todos`, output: JSON.stringify(input.todos, null, 2) };
}
