/** The model slug the profile is pinned to: the tool set depends on it (a catalog built into the binary). @see spec §1.1 */
export const CODEX_MODEL_SLUG = "gpt-5.5";

/**
 * The tools Codex CLI 0.171.0 offers gpt-5.5, in the order of its request's `tools`, and how
 * each is declared. @see spec §1.1 (observed request body)
 */
export const CODEX_TOOLS: readonly { name: string; kind: "function" | "custom" | "hosted" }[] = [
  { name: "exec_command", kind: "function" },
  { name: "write_stdin", kind: "function" },
  { name: "request_user_input", kind: "function" },
  { name: "apply_patch", kind: "custom" },
  { name: "view_image", kind: "function" },
  { name: "get_goal", kind: "function" },
  { name: "create_goal", kind: "function" },
  { name: "update_goal", kind: "function" },
  { name: "tool_search", kind: "hosted" },
  { name: "web_search", kind: "hosted" },
];

/**
 * Offered tools whose results the profile does not model beyond the fixed answers of
 * format-codex-tool.ts: `web_search`, a hosted tool whose real call the provider answers (only a
 * function call by that name, `unsupported call: web_search`, is modelled). @see spec §6.3, §7
 */
export const DECLARED_UNMODELLED_TOOLS: ReadonlySet<string> = new Set(["web_search"]);

/** Whether a tool's result travels as a `custom_tool_call_output` (freeform tools). @see spec §1.2 */
export function isFreeformTool(name: string): boolean {
  return CODEX_TOOLS.some((tool) => tool.name === name && tool.kind === "custom");
}
