import type { EnvironmentPort } from "../../environment-port.js";
import { findMcpTool, observeMcpCall } from "../../observe-mcp-call.js";
import type { ToolCall } from "../../profile.js";
import { claudeMcpToolName } from "./mcp-tool-name.js";

/**
 * A call to one of the agent's MCP tools (named `mcp__<server>__<tool>`), run through the
 * environment's MCP server; null for any other call.
 * @see docs/spec/claude-code-2.1.332.md §10 MCP tools
 */
export async function runClaudeMcp(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown> | null> {
  const target = await findMcpTool(environment, call.tool, claudeMcpToolName);
  return target === null ? null : observeMcpCall(environment, { ...target, input: call.input });
}
