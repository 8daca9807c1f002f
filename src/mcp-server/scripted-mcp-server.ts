import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ScenarioMcpServer, ScenarioMcpTool } from "../scenario/scenario.js";
import { expandMcpResult, scenarioMcpAnswer } from "../scenario/scenario-mcp-result.js";

/** The implementation name a scripted server reports in `initialize` unless the scenario names one. */
export const SCRIPTED_SERVER_NAME = "correx-scripted";

/** How many times each tool has been called, over every connection of one server process. */
export type McpCallCounts = Map<string, number>;

export interface ScriptedServerHooks {
  /** An answer says the server dies mid-call: the host ends the process or the connection. Never returns normally. */
  die(): void;
  /** Each call as it arrives (tool, arguments, its 0-based number), for logs and tests. */
  onCall?(call: { tool: string; arguments: unknown; n: number }): void;
}

/** The tool as tools/list declares it: name, title, description, inputSchema (default `{type: "object"}`), outputSchema, annotations, _meta, in that order. */
export function declaredTool(tool: ScenarioMcpTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema ?? { type: "object" },
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    ...(tool._meta === undefined ? {} : { _meta: tool._meta }),
  };
}

/**
 * One MCP server session (the SDK's `Server`) playing a scenario's server: tools/list returns the
 * declared tools; tools/call answers with the tool's next scripted answer — its CallToolResult
 * (generated values expanded), a JSON-RPC error with exactly the scripted code, message and data,
 * or the server dying (`hooks.die`) — after its `delayMs`. An unknown tool is JSON-RPC error
 * -32602 `Unknown tool: <name>`. Counts are shared by every session of the host (`counts`).
 */
export function createScriptedMcpServer(server: ScenarioMcpServer, counts: McpCallCounts, hooks: ScriptedServerHooks): Server {
  const mcp = new Server(
    { name: server.serverName ?? SCRIPTED_SERVER_NAME, version: "0.1.0" },
    { capabilities: { tools: {} }, ...(server.instructions === undefined ? {} : { instructions: server.instructions }) },
  );
  const tools = new Map(server.tools.map((tool) => [tool.name, tool]));
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({ tools: server.tools.map(declaredTool) }) as never);
  mcp.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = tools.get(name);
    if (tool === undefined) throw jsonRpcError(-32602, `Unknown tool: ${name}`);
    const n = counts.get(name) ?? 0;
    counts.set(name, n + 1);
    hooks.onCall?.({ tool: name, arguments: request.params.arguments, n });
    const answer = scenarioMcpAnswer(tool, n);
    if (answer.delayMs !== undefined && answer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.exit === true) {
      hooks.die();
      return new Promise<never>(() => {});
    }
    if (answer.error !== undefined) throw jsonRpcError(answer.error.code, answer.error.message, answer.error.data);
    if (answer.result === undefined) throw new Error("scripted answer without result, error or exit");
    return expandMcpResult(answer.result) as never;
  });
  return mcp;
}

/**
 * An error the SDK's protocol layer turns into exactly this JSON-RPC error (it reads `code`,
 * `message` and `data`; the SDK's McpError would prefix the message with `MCP error <code>: `).
 */
function jsonRpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}
