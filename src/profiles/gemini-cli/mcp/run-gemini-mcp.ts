import type { EnvironmentPort } from "../../environment-port.js";
import { findMcpTool, observeMcpCall } from "../../observe-mcp-call.js";
import type { ToolCall } from "../../profile.js";
import { geminiMcpToolName } from "./mcp-tool-name.js";

/** A call to one of the agent's MCP tools (`mcp_<server>_<tool>`), run through the environment's MCP server; null for any other call. @see docs/spec/gemini-cli-0.61.0.md §15 */
export async function runGeminiMcp(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown> | null> {
  const target = await findMcpTool(environment, call.tool, geminiMcpToolName);
  return target === null ? null : observeMcpCall(environment, { ...target, input: call.input });
}
