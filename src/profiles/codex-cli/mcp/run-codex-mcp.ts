import type { EnvironmentPort } from "../../environment-port.js";
import { findMcpTool, observeMcpCall } from "../../observe-mcp-call.js";
import type { ToolCall } from "../../profile.js";
import { observeToolSearch, TOOL_SEARCH_CALL } from "./codex-tool-search.js";
import { codexMcpToolName } from "./mcp-tool-name.js";

/** A client-executed tool search, or a call to one of the agent's MCP tools (`mcp__<server>__<tool>`), run through the environment's MCP servers; null for any other call. @see docs/spec/codex-cli-0.171.0.md §9 */
export async function runCodexMcp(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown> | null> {
  if (call.tool === TOOL_SEARCH_CALL) return observeToolSearch(call.input, environment);
  const target = await findMcpTool(environment, call.tool, codexMcpToolName);
  return target === null ? null : observeMcpCall(environment, { ...target, input: call.input });
}
