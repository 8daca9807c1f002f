import type { TodowriteFacts } from "../../generated/schema-types.js";
import { input } from "./core-input-check.js";
import type { CoreTool } from "./core-tool-definition.js";
import type { ToolOutput } from "./core-tool-output.js";

/** todowrite's input. @see spec §2.10 */
export interface TodowriteInput {
  todos: Record<string, unknown>[];
}

/**
 * `JSON.stringify(todos, null, 2)` of the input array, as given.
 * @see spec §2.10
 */
export function formatTodowrite(todowriteInput: TodowriteInput, _observation: TodowriteFacts): ToolOutput {
  return { structured: { todos: todowriteInput.todos }, content: [{ type: "text", text: JSON.stringify(todowriteInput.todos, null, 2) }] };
}

/** @see spec §2.10 */
export const todowriteTool: CoreTool<TodowriteInput, TodowriteFacts> = {
  input: [
    input.required(
      "todos",
      input.array(input.struct(input.required("content", input.string), input.required("status", input.string), input.optional("priority", input.string))),
    ),
  ],
  format: formatTodowrite,
};
