import { type InputType, TODO_TYPE } from "../opencode-shared/effect-schema-input.js";

/**
 * The v1 tools' parameter schemas as far as the invalid-arguments text needs them: each key in
 * schema order, its type, and whether it is optional.
 * @see spec §2.0 step 1, §2.1–§2.14 parameters, README "invalid arguments"
 */

/** A parameter's type: a primitive, an array, or a union of string literals. */
export type ParameterType = "string" | "number" | "boolean" | "array" | { literals: readonly string[] };

/** One parameter. */
export interface ParameterSpec {
  key: string;
  type: ParameterType;
  optional?: boolean;
  /** A number must be greater than this (Effect `isGreaterThan`). @see the 1.18.33 binary's v1 schemas */
  /** How a wrong value's expected type reads, when not the default label (`Array(Todo)` reads `array`; seed 6001). */
  label?: string;
  /** Each item of an array parameter: Effect Schema's struct check at `["key"][i]…`. */
  items?: InputType;
  /** Effect Schema `Int` before the bounds: "Expected an integer, got 1.5". */
  integer?: boolean;
  greaterThan?: number;
  /** A number must be at least this (Effect `isGreaterThanOrEqualTo`). */
  atLeast?: number;
}

/** Parameters of each v1 built-in tool, in schema order. */
export const TOOL_PARAMETERS: Readonly<Record<string, readonly ParameterSpec[]>> = {
  bash: [
    { key: "command", type: "string" },
    { key: "timeout", type: "number", optional: true, integer: true, greaterThan: 0 },
    { key: "workdir", type: "string", optional: true },
  ],
  read: [
    { key: "filePath", type: "string" },
    // Effect Schema Int, then >= 0 (binary: offset 1.5 → "Expected an integer, got 1.5", seed 5001)
    { key: "offset", type: "number", optional: true, integer: true, atLeast: 0 },
    { key: "limit", type: "number", optional: true, integer: true, atLeast: 0 },
  ],
  write: [
    { key: "content", type: "string" },
    { key: "filePath", type: "string" },
  ],
  edit: [
    { key: "filePath", type: "string" },
    { key: "oldString", type: "string" },
    { key: "newString", type: "string" },
    { key: "replaceAll", type: "boolean", optional: true },
  ],
  glob: [
    { key: "pattern", type: "string" },
    { key: "path", type: "string", optional: true },
  ],
  grep: [
    { key: "pattern", type: "string" },
    { key: "path", type: "string", optional: true },
    { key: "include", type: "string", optional: true },
  ],
  webfetch: [
    { key: "url", type: "string" },
    { key: "format", type: { literals: ["text", "markdown", "html"] }, optional: true },
    { key: "timeout", type: "number", optional: true },
  ],
  websearch: [
    { key: "query", type: "string" },
    { key: "numResults", type: "number", optional: true },
    { key: "livecrawl", type: { literals: ["fallback", "preferred"] }, optional: true },
    { key: "type", type: { literals: ["auto", "fast", "deep"] }, optional: true },
    { key: "contextMaxCharacters", type: "number", optional: true },
  ],
  // `mutable(Array(Todo))`: an item of the wrong type is "Expected Todo, got 1⏎  at ["todos"][0]" (seed 5001)
  todowrite: [{ key: "todos", type: "array", items: TODO_TYPE, label: "array" }],
  task: [
    { key: "description", type: "string" },
    { key: "prompt", type: "string" },
    { key: "subagent_type", type: "string" },
    { key: "task_id", type: "string", optional: true },
    { key: "command", type: "string", optional: true },
  ],
  skill: [{ key: "name", type: "string" }],
  question: [{ key: "questions", type: "array" }],
  apply_patch: [{ key: "patchText", type: "string" }],
  plan_exit: [],
  invalid: [
    { key: "tool", type: "string" },
    { key: "error", type: "string" },
  ],
};
