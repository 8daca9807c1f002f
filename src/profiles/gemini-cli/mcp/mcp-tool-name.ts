/**
 * Gemini CLI's name for an MCP tool: `mcp_<server>_<tool>`.
 * @see docs/spec/gemini-cli-0.61.0.md §MCP tools (the functionDeclarations it sends)
 */
export function geminiMcpToolName(server: string, tool: string): { name: string } {
  return { name: `mcp_${server}_${tool}` };
}
