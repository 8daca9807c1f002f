/**
 * Claude Code's name for an MCP tool: `mcp__<server>__<tool>`.
 * @see docs/spec/claude-code-2.1.332.md §MCP tools (the init message's `tools` list and the calls it runs)
 */
export function claudeMcpToolName(server: string, tool: string): { name: string } {
  return { name: `mcp__${server}__${tool}` };
}
