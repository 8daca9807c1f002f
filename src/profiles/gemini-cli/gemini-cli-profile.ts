import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { formatGeminiTool } from "./format-gemini-tool.js";
import { geminiRedactions } from "./gemini-redactions.js";
import { formatGeminiMcp, isGeminiMcpObservation } from "./mcp/format-gemini-mcp.js";
import { geminiMcpToolName } from "./mcp/mcp-tool-name.js";
import { runGeminiMcp } from "./mcp/run-gemini-mcp.js";
import { runGeminiTool } from "./run-gemini-tool.js";
import { truncateShellOutput } from "./truncate/truncate-shell-output.js";

/**
 * The `gemini-cli` profile: Google's Gemini CLI 0.61.0 run headless with `-m gemini-2.5-pro`,
 * over google-gemini. `format` returns the functionResponse's `response` and its sibling parts
 * (schemas/gemini-cli/tool-result.json); `truncate` is the shell output cut (40,000 chars, 20/80).
 * @see docs/spec/gemini-cli-0.61.0.md
 */
export const geminiCli: Profile = {
  id: "gemini-cli",
  /** MCP tools: @see mcp/mcp-tool-name.ts */
  mcpToolName: geminiMcpToolName,
  version: "0.61.0",
  redactions: geminiRedactions,
  format: (request, store) => (isGeminiMcpObservation(request.observation) ? formatGeminiMcp(request.input, request.observation, store) : formatGeminiTool(request, store)),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("gemini-cli truncate takes `text` (the wrapped shell result)");
    const result = truncateShellOutput(request.text, store);
    return { result: result.text, truncated: result.savedPath !== undefined, ...(result.savedPath === undefined ? {} : { savedPath: result.savedPath }) };
  },
  /** Runs a call with Gemini CLI's rules. @see spec §2–§10 */
  observe: async (call, environment) => (await runGeminiMcp(call, environment)) ?? runGeminiTool(call, environment),
};
