/** One content item of a tool output (Responses FunctionAndCustomToolCallOutput). */
export interface CodexContentItem {
  type: "input_image";
  image_url: string;
  detail: "original";
}

/**
 * codex-cli's tool result: the `output` of the `function_call_output` (or, for the freeform
 * apply_patch, `custom_tool_call_output`) item Codex sends: a string, or content items.
 * @see spec §1.2
 */
export interface CodexOutput {
  output: string | CodexContentItem[];
}
