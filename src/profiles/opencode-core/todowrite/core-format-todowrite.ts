import type { TodowriteFacts } from "../../../generated/schema-types.js";
import { input, TODO_TYPE } from "../../opencode-shared/effect-schema-input.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** todowrite's input. @see spec §2.10 */
export interface TodowriteInput {
  todos: Record<string, unknown>[];
}

/**
 * `JSON.stringify(todos, null, 2)` of the decoded todos: each item is the schema's struct
 * (`content`, `status`, `priority`, all required strings), so its keys come in that order and any
 * other key is dropped.
 * @see spec §2.10; the 1.18.33 bundle (SessionTodo.Info: content, status, priority), differential campaign seed 12
 */
export function formatTodowrite(todowriteInput: TodowriteInput, _observation: TodowriteFacts): ToolOutput {
  const todos = todowriteInput.todos.map((todo) => ({ content: todo.content, status: todo.status, priority: todo.priority }));
  return { structured: { todos }, content: [{ type: "text", text: JSON.stringify(todos, null, 2) }] };
}

/** @see spec §2.10 */
export const todowriteTool: CoreTool<TodowriteInput, TodowriteFacts> = {
  input: [input.required("todos", input.array(TODO_TYPE))],
  format: formatTodowrite,
};
