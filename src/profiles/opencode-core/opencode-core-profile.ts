import { coreHistory } from "../../lower/opencode-core/core-history.js";
import { checkInput } from "../opencode-shared/effect-schema-input.js";
import { opencodeMcpToolName } from "../opencode-shared/opencode-mcp-tool-name.js";
import { V2_DEFECT_PREFIX } from "../opencode-shared/opencode-runtime.js";
import { refusedPermissionRule } from "../opencode-shared/permission-ask.js";
import { runOpencodeTool } from "../opencode-shared/run-opencode-tool.js";
import { alignSearchObservation } from "../opencode-shared/search-order.js";
import type { OutputStorePort } from "../output-store-port.js";
import type { FormatRequest, Profile, TruncateRequest, TruncateResult } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { userAgentVersion } from "../user-agent-version.js";
import { coreTools, findCoreTool } from "./core-tool-registry.js";
import { settleCoreTool } from "./result/core-settle.js";
import type { ToolOutput } from "./result/core-tool-output.js";
import { boundToolOutput } from "./truncate/core-output-bound.js";
import { resolveOutputLimits } from "./truncate/core-output-limits.js";

/**
 * The `opencode-core` profile: opencode 1.18.33's v2 runtime (packages/core tools,
 * ToolOutputStore, the LLM.ToolResult envelope).
 * @see spec §1.1, §1.2, §2 (v2 parts), §3.2; README "Verified against the released binary's v2 runner"
 */
export const opencodeCore: Profile = {
  id: "opencode-core",
  /** MCP tools: @see opencode-shared/opencode-mcp-tool-name.ts */
  mcpToolName: opencodeMcpToolName,
  /** MCP results (the v2 runtime offers no MCP tool: a call gets its unknown-tool error) and what `correx preview` shows. */
  mcp: { results: "modelled", preview: [{ protocol: "openai-chat", model: "gpt-4.1" }] },
  version: "1.18.33",
  agent: {
    name: "opencode (v2 runtime, `opencode serve`)",
    package: "opencode-ai",
    driver: { command: ["node", "examples/agents/opencode-serve.mjs"], configTemplate: "examples/agents/opencode-serve.json.template" },
  },
  versions: { verified: { from: "1.18.33", to: "1.18.33" }, evidence: "1.18.33: test/e2e/gate-opencode-core.test.ts and the differential campaign" },
  protocols: ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"],
  resultKind: "envelope/tool-result-value",
  tools: Object.keys(coreTools).map((name) => ({ name, status: "modelled" })),
  argumentNames: { path: "path" },
  history: coreHistory,
  /** Its User-Agent (captured: `opencode serve` 1.18.33 sends `opencode/1.18.33`). */
  agentVersion: (headers) => userAgentVersion(headers, /^opencode\/(\d+\.\d+\.\d+)(?:\s|$)/),
  errorResult: (message) => ({ type: "error", value: message }),

  /** The settled ToolResultValue (after bound and toResultValue). @see spec §1.2 */
  format(request: FormatRequest, store: OutputStorePort): unknown {
    return settleCoreTool(request, store);
  },

  /** ToolOutputStore.bound on a ToolOutput. @see spec §3.2 */
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.output === undefined) throw new UnsupportedError("opencode-core truncates a ToolOutput (`output`), not a text");
    if (request.direction !== undefined) throw new UnsupportedError("opencode-core truncation has no direction (head and tail are both kept)");
    const { output, outputPaths } = boundToolOutput(request.output as ToolOutput, resolveOutputLimits(request.options?.limits), store);
    const result: TruncateResult = { result: output, truncated: outputPaths.length > 0 };
    if (outputPaths.length > 0) result.savedPath = outputPaths[0];
    return result;
  },

  /** Runs a call with the v2 runtime's rules. @see spec §2 (v2 parts) */
  observe(call, environment) {
    return runOpencodeTool("v2", call, environment, (tool, input) => {
      const definition = findCoreTool(tool);
      return definition !== undefined && checkInput(input, definition.input) === undefined;
    });
  },

  /**
   * A defect (`Tool execution failed: …`: an empty bash command, glob on a file path) fails the
   * calls of its turn still running with the same cause; which ones finished first is a race.
   * @see the 1.18.33 binary (differential seed 6002: a glob on a file path failed a parallel bash and read with its ENOTDIR)
   */
  interruptsTurn(_call, observation) {
    const error = observation.error;
    return typeof error === "string" && error.startsWith(V2_DEFECT_PREFIX)
      ? "opencode-core: a defect in one call interrupts the calls of its turn still running; which of them finished first is a race, not modelled"
      : undefined;
  },

  /** A refused permission ends the session before the call's result is sent. @see src/profiles/opencode-shared/permission-ask.ts */
  endsRun(_call, observation) {
    return refusedPermissionRule("v2", observation);
  },

  /** glob and grep list ripgrep's parallel traversal: the agent's order is adopted. @see spec §2.5, §2.6 */
  adoptAgentOrder(call, observation, agentText) {
    return alignSearchObservation(call.tool, observation, agentText);
  },
};
