import type { ToolOutcome } from "../result/format-result.js";

/** The title of the `invalid` tool's result. */
export const INVALID_TOOL_TITLE = "Invalid Tool";

/**
 * v1 `invalid` tool: what the model sees for a call rerouted by `experimental_repairToolCall`.
 * @see spec §2.0 (unknown tools), README "unknown tool"
 */
export function formatInvalid(input: { tool: string; error: string }): ToolOutcome {
  return { title: INVALID_TOOL_TITLE, output: `The arguments provided to the tool are invalid: ${input.error}` };
}

/**
 * The AI SDK `NoSuchToolError` message the repaired call carries.
 * @see README "unknown tool"
 */
export function unavailableToolMessage(name: string, available: readonly string[]): string {
  // The list is the registered tool set, which holds `invalid` itself although it is never
  // offered as an active tool (§2.0); observed on the released 1.18.33 binary by `correx gate`.
  const registered = new Set([...available, "invalid"]);
  return `Model tried to call unavailable tool '${name}'. Available tools: ${[...registered].sort().join(", ")}.`;
}
