import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";

/** The statuses a todo may have. @see spec §9 */
const TODO_STATUSES = ["pending", "in_progress", "completed", "cancelled", "blocked"];

/** write_todos's result: its own checks, then the numbered list. @see docs/spec/gemini-cli-0.61.0.md §9 */
export function formatWriteTodos(callInput: unknown): GeminiCliResult {
  const paramsError = geminiParamsError("write_todos", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const todos = geminiInput(callInput).todos as { description: string; status: string }[];
  for (const todo of todos) {
    if (!todo.description.trim()) return geminiError("Each todo must have a non-empty description string");
    if (!TODO_STATUSES.includes(todo.status)) return geminiError(`Each todo must have a valid status (${TODO_STATUSES.join(", ")})`);
  }
  if (todos.filter((todo) => todo.status === "in_progress").length > 1) return geminiError('Invalid parameters: Only one task can be "in_progress" at a time.');
  if (todos.length === 0) return geminiOutput("Successfully cleared the todo list.");
  return geminiOutput(`Successfully updated the todo list. The current list is now:\n${todos.map((todo, index) => `${index + 1}. [${todo.status}] ${todo.description}`).join("\n")}`);
}
