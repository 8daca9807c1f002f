/**
 * Codex CLI's name for an MCP tool: the function `<tool>` in the Responses API namespace
 * `mcp__<server>` (the namespace its `tool_search_output` loads; the tool is deferred behind
 * `tool_search`), known to Codex itself as `mcp__<server>__<tool>`.
 * @see docs/spec/codex-cli-0.171.0.md §9.1
 */
export function codexMcpToolName(server: string, tool: string): { name: string; namespace: string; called: string } {
  return { name: tool, namespace: `mcp__${server}`, called: `mcp__${server}__${tool}` };
}
