import { cliHistory } from "../../lower/opencode-cli/cli-history.js";
import { opencodeMcpToolName } from "../opencode-shared/opencode-mcp-tool-name.js";
import { refusedPermissionRule } from "../opencode-shared/permission-ask.js";
import { runOpencodeTool } from "../opencode-shared/run-opencode-tool.js";
import { alignSearchObservation } from "../opencode-shared/search-order.js";
import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { userAgentVersion } from "../user-agent-version.js";
import { checkToolParameters } from "./check-tool-parameters.js";
import type { ReadFileObservation } from "./format-observations.js";
import { formatToolResult, truncateLimits } from "./format-tool-result.js";
import { runMcp } from "./mcp/run-mcp.js";
import { opencodeCliRedactions } from "./opencode-cli-redactions.js";
import { withInstructionReminders } from "./read/instruction-reminders.js";
import { runTask } from "./task/run-task.js";
import { BUILT_IN_TOOLS } from "./tool-availability.js";
import { TOOL_PARAMETERS } from "./tool-parameters.js";
import { truncateOutput } from "./truncate/truncate-output.js";

/** Whether the v1 input schema of `tool` accepts `input`. @see spec §2.0 step 1 */
function acceptsInput(tool: string, input: unknown): boolean {
  const parameters = TOOL_PARAMETERS[tool];
  return parameters !== undefined && checkToolParameters(parameters, input) === undefined;
}

/**
 * The `opencode-cli` profile: opencode 1.18.33's v1 runtime (what `opencode run` executes).
 * `format` returns the settled tool state (CliFormatResult); `truncate` runs `Truncate.output`.
 * @see spec §1.3, §2.0, §2 (v1), §3.1; spec README "Verified against the released binary"
 */
export const opencodeCli: Profile = {
  id: "opencode-cli",
  /** MCP tools: @see opencode-shared/opencode-mcp-tool-name.ts */
  mcpToolName: opencodeMcpToolName,
  /** MCP results (@see docs/unsupported-rules.md "MCP tools") and what `correx preview` shows. */
  mcp: {
    results: "modelled",
    preview: [
      { protocol: "openai-chat", model: "gpt-4.1" },
      { protocol: "anthropic-messages", model: "claude-sonnet-4-5" },
      { protocol: "google-gemini", model: "gemini-2.5-flash" },
    ],
  },
  version: "1.18.33",
  agent: {
    name: "opencode (v1 runtime, `opencode run`)",
    package: "opencode-ai",
    driver: { command: ["sh", "examples/agents/opencode-run.sh"], configTemplate: "examples/agents/opencode.json.template" },
  },
  versions: {
    verified: { from: "1.18.20", to: "1.18.33" },
    evidence: "1.18.33: test/e2e/gate-opencode.test.ts and the differential campaign; 1.18.20: 85/85 on a batch of unseen scenarios held for 1.18.33 (issue 25)",
  },
  protocols: ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"],
  resultKind: "opencode-cli/format-result",
  // lsp is a built-in id with no formatter (the experimental LSP tool is not offered by `opencode run`).
  tools: [...BUILT_IN_TOOLS].map((name) =>
    name === "lsp" ? { name, status: "unsupported", reason: "the experimental lsp tool (offered only with OPENCODE_EXPERIMENTAL_LSP_TOOL) is not modelled (spec §2.0)" } : { name, status: "modelled" },
  ),
  argumentNames: { path: "filePath" },
  history: cliHistory,
  /** Its User-Agent (captured: `opencode run` 1.18.33 sends `opencode/1.18.33 ai-sdk/provider-utils/4.0.23 runtime/bun/1.3.14`). */
  agentVersion: (headers) => userAgentVersion(headers, /^opencode\/(\d+\.\d+\.\d+)(?:\s|$)/),
  errorResult: (message) => ({ status: "error", error: message }),
  redactions: opencodeCliRedactions,
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
    // `task` runs its child session on the run's subagent scripts; the child's calls run with the same rules. @see spec §2.13
    if (call.tool.toLowerCase() === "task" && acceptsInput("task", call.input)) {
      return runTask(call.input as Record<string, unknown>, environment, (childCall, child) => runOpencodeTool("v1", childCall, child, acceptsInput));
    }
    const observation = await runOpencodeTool("v1", call, environment, acceptsInput);
    // A read of a file: the instruction files below the workspace it is the first to meet. @see spec §2.2 step 9
    if (call.tool.toLowerCase() === "read" && observation.kind === "file")
      return withInstructionReminders(call, observation as unknown as ReadFileObservation, environment) as unknown as Promise<Record<string, unknown>>;
    return observation;
  },

  /** A refused permission ends the session before the call's result is sent. @see src/profiles/opencode-shared/permission-ask.ts */
  endsRun(_call, observation) {
    return refusedPermissionRule("v1", observation);
  },

  /** glob and grep list ripgrep's parallel traversal: the agent's order is adopted. @see spec §2.5, §2.6 */
  adoptAgentOrder(call, observation, agentText) {
    return alignSearchObservation(call.tool, observation, agentText);
  },
};
