import { opencodeMcpToolName } from "../opencode-shared/opencode-mcp-tool-name.js";
import { runOpencodeTool } from "../opencode-shared/run-opencode-tool.js";
import { alignSearchObservation } from "../opencode-shared/search-order.js";
import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { checkToolParameters } from "./check-tool-parameters.js";
import { formatToolResult, truncateLimits } from "./format-tool-result.js";
import { runMcp } from "./mcp/run-mcp.js";
import { TOOL_PARAMETERS } from "./tool-parameters.js";
import { truncateOutput } from "./truncate/truncate-output.js";

/**
 * The `opencode-cli` profile: opencode 1.18.33's v1 runtime (what `opencode run` executes).
 * `format` returns the settled tool state (CliFormatResult); `truncate` runs `Truncate.output`.
 * @see spec §1.3, §2.0, §2 (v1), §3.1; spec README "Verified against the released binary"
 */
export const opencodeCli: Profile = {
  id: "opencode-cli",
  /** MCP tools: @see opencode-shared/opencode-mcp-tool-name.ts */
  mcpToolName: opencodeMcpToolName,
  version: "1.18.33",
  format: (request, store) => formatToolResult(request, store),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) {
      throw new UnsupportedError("opencode-cli truncate takes `text` (Truncate.output), not `output`");
    }
    const options = request.options ?? {};
    const result = truncateOutput(request.text, { ...truncateLimits(options), direction: request.direction ?? "head", taskAllowed: options.taskAllowed ?? true }, store);
    return {
      result: result.content,
      truncated: result.truncated,
      ...(result.outputPath === undefined ? {} : { savedPath: result.outputPath }),
    };
  },

  /** Runs a call with the v1 runtime's rules. @see spec §2 (v1 parts) */
  async observe(call, environment) {
    const mcp = await runMcp(call, environment);
    if (mcp !== null) return mcp;
    return runOpencodeTool("v1", call, environment, (tool, input) => {
      const parameters = TOOL_PARAMETERS[tool];
      return parameters !== undefined && checkToolParameters(parameters, input) === undefined;
    });
  },

  /** glob and grep list ripgrep's parallel traversal: the agent's order is adopted. @see spec §2.5, §2.6 */
  adoptAgentOrder(call, observation, agentText) {
    return alignSearchObservation(call.tool, observation, agentText);
  },
};
