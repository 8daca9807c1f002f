/** One content item of a tool output (Responses FunctionAndCustomToolCallOutput). */
export interface CodexContentItem {
  type: "input_image";
  image_url: string;
  detail: "original";
}

/** A content item of an MCP tool's output: text, or an image (@see mcp/format-codex-mcp.ts). */
export type CodexOutputItem = CodexContentItem | { type: "input_text"; text: string };

/**
 * codex-cli's tool result: the `output` of the `function_call_output` (or, for the freeform
 * apply_patch, `custom_tool_call_output`) item Codex sends: a string, or content items.
 * @see spec §1.2
 */
export interface CodexOutput {
  output: string | CodexOutputItem[];
}

/** codex-cli's answer to a client-executed tool search: the `tools` of its `tool_search_output` item. @see spec §9.1 */
export interface CodexToolSearchOutput {
  tools: unknown[];
}
