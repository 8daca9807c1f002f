/**
 * Codex CLI's name for an MCP tool: the function `<tool>` in the Responses API namespace
 * `mcp__<server>__` (the tool is deferred behind `tool_search`; the call names it with its namespace).
 * @see docs/spec/codex-cli-0.171.0.md §MCP tools
 */
export function codexMcpToolName(server: string, tool: string): { name: string; namespace: string } {
  return { name: tool, namespace: `mcp__${server}__` };
}
