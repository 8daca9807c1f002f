/**
 * opencode's name for an MCP tool in both runtimes: `<server>_<tool>`.
 * @see docs/unsupported-rules.md "MCP tools" (the tools opencode 1.18.33 sends)
 */
export function opencodeMcpToolName(server: string, tool: string): { name: string } {
  return { name: `${server}_${tool}` };
}
