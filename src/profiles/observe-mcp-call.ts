import type { EnvironmentPort } from "./environment-port.js";
import { type McpToolName, mcpCallName, UnsupportedError } from "./profile.js";

/**
 * Runs one MCP tool call through the environment and returns its observation
 * (schemas/observations/mcp.json): the server's name, the tool's own name, the tool as the server
 * listed it, then the CallToolResult's fields, or the failure. Facts only: what each agent makes of
 * them is its profile's `mcp/` formatter.
 */
export async function observeMcpCall(environment: EnvironmentPort, call: { server: string; tool: string; input: unknown; timeoutMs?: number }): Promise<Record<string, unknown>> {
  if (environment.callMcpTool === undefined || environment.listMcpTools === undefined) {
    throw new UnsupportedError(`the environment has no MCP server "${call.server}" to call (no scenario mcp section)`);
  }
  const listed = await environment.listMcpTools(call.server);
  const declaration = listed?.find((tool) => tool.name === call.tool);
  const args = call.input !== null && typeof call.input === "object" && !Array.isArray(call.input) ? (call.input as Record<string, unknown>) : {};
  const fact = await environment.callMcpTool({ server: call.server, tool: call.tool, arguments: args, ...(call.timeoutMs === undefined ? {} : { timeoutMs: call.timeoutMs }) });
  const base = { server: call.server, tool: call.tool, ...(declaration === undefined ? {} : { declaration }) };
  if (fact.kind === "result") return { ...base, ...fact.result };
  const { kind, ...rest } = fact;
  return { ...base, failure: { kind, ...rest } };
}

/**
 * The MCP server and tool a call names, by the agent's own naming (`name(server, tool)` as the
 * profile's `mcpToolName` gives it, namespace included): every server the agent was given and
 * every tool it lists are tried. Null when the call names no MCP tool.
 */
export async function findMcpTool(environment: EnvironmentPort, callName: string, name: (server: string, tool: string) => McpToolName): Promise<{ server: string; tool: string } | null> {
  if (environment.listMcpTools === undefined) return null;
  for (const server of environment.mcpServers ?? []) {
    for (const listed of (await environment.listMcpTools(server)) ?? []) {
      const tool = String(listed.name);
      const named = name(server, tool);
      if (mcpCallName(named) === callName) return { server, tool };
    }
  }
  return null;
}
