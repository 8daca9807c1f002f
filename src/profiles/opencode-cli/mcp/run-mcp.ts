import type { EnvironmentPort } from "../../environment-port.js";
import { findMcpTool, observeMcpCall } from "../../observe-mcp-call.js";
import { opencodeMcpToolName } from "../../opencode-shared/opencode-mcp-tool-name.js";
import type { ToolCall } from "../../profile.js";

/** A call to one of the agent's MCP tools (`<server>_<tool>`), run through the environment's MCP server; null for any other call. @see spec §2.14 */
export async function runMcp(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown> | null> {
  const target = await findMcpTool(environment, call.tool, opencodeMcpToolName);
  return target === null ? null : observeMcpCall(environment, { ...target, input: call.input });
}
