import { lowerGeminiTurn } from "../../lower/gemini-cli/lower-gemini-cli.js";
import { neutralProfileHistory } from "../../lower/neutral-history.js";
import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { userAgentVersion } from "../user-agent-version.js";
import { formatGeminiTool } from "./format-gemini-tool.js";
import { geminiRedactions } from "./gemini-redactions.js";
import type { GeminiCliResult } from "./gemini-result.js";
import { backgroundEntryOf } from "./gemini-session.js";
import { geminiSessionState } from "./gemini-session-state.js";
import { GEMINI_TOOL_NAMES, geminiToolOf } from "./gemini-tools.js";
import { adoptGlobOrder } from "./glob/glob-order.js";
import { adoptGrepFileOrder } from "./grep-search/grep-search-order.js";
import { formatGeminiMcp, isGeminiMcpObservation } from "./mcp/format-gemini-mcp.js";
import { geminiMcpToolName } from "./mcp/mcp-tool-name.js";
import { runGeminiMcp } from "./mcp/run-gemini-mcp.js";
import { runGeminiTool } from "./run-gemini-tool.js";
import { adoptShellPid } from "./run-shell-command/shell-pid-adoption.js";
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
  /** MCP results (@see docs/spec/gemini-cli-0.61.0.md §15) and what `correx preview` shows. */
  mcp: { results: "modelled", preview: [{ protocol: "google-gemini", model: "gemini-2.5-pro" }] },
  version: "0.61.0",
  agent: {
    name: "Google Gemini CLI (`gemini -p`)",
    package: "@google/gemini-cli",
    driver: { command: ["sh", "examples/agents/gemini-cli.sh"], configTemplate: "examples/agents/gemini-settings.json.template", model: "gemini-2.5-pro" },
  },
  versions: {
    verified: { from: "0.59.0", to: "0.61.0" },
    evidence: "0.61.0: test/e2e/gate-gemini.test.ts; 0.60.0 and 0.59.0: test/e2e/gate-gemini-range.test.ts (11 scenarios, 74 tool results each, byte-exact)",
  },
  protocols: ["google-gemini"],
  resultKind: "gemini-cli/tool-result",
  tools: GEMINI_TOOL_NAMES.map((name) => ({ name, status: "modelled" })),
  argumentNames: { path: "file_path" },
  /** Its User-Agent (captured: `gemini -p` 0.61.0 sends `GeminiCLI-tui/0.61.0/gemini-2.5-pro (linux; x64; terminal)`). */
  agentVersion: (headers) => userAgentVersion(headers, /^GeminiCLI(?:-[a-z]+)?\/(\d+\.\d+\.\d+)\//),
  /** One turn (the request right after the tools ran) over google-gemini. @see spec §1.1–1.6 */
  history: neutralProfileHistory("gemini-cli", "google-gemini", (turn) =>
    lowerGeminiTurn(
      turn.prompt,
      turn.calls.map((call) => ({ tool: call.tool, input: call.input, result: call.result as GeminiCliResult, ...(call.position === undefined ? {} : { position: call.position }) })),
    ),
  ),
  redactions: geminiRedactions,
  // glob's observation is its own (files with modification times, the discovery facts), not
  // opencode's `observations/glob`; it has no schema yet (spec §7.4)
  observationKinds: { glob: "observations/gemini-cli-glob" },
  format: (request, store) => (isGeminiMcpObservation(request.observation) ? formatGeminiMcp(request.input, request.observation, store) : formatGeminiTool(request, store)),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("gemini-cli truncate takes `text` (the wrapped shell result)");
    const result = truncateShellOutput(request.text, store);
    return { result: result.text, truncated: result.savedPath !== undefined, ...(result.savedPath === undefined ? {} : { savedPath: result.savedPath }) };
  },
  /** Runs a call with Gemini CLI's rules. @see spec §2–§10 */
  observe: async (call, environment) => (await runGeminiMcp(call, environment)) ?? runGeminiTool(call, environment),
  /**
   * grep_search lists ripgrep's parallel traversal, glob the laid-out files by times the two
   * copies of the workspace order differently: the agent's order is adopted; the shell's process
   * group id (whose digits move the output cut) is the agent's. @see spec §7.3, §7.4
   */
  /** The session state a call changes or follows from (plan mode, the background history, the topic). @see spec §16 */
  sessionState: geminiSessionState,
  adoptAgentOrder(call, observation, agentText) {
    const tool = geminiToolOf(call.tool);
    if (tool === "grep_search") return adoptGrepFileOrder(observation, agentText);
    if (tool === "glob") return adoptGlobOrder(observation, agentText);
    if (tool === "run_shell_command") {
      // a command moved to the background is named by the agent's pid in later calls (§16.3)
      const entry = backgroundEntryOf(observation);
      const moved = /Command moved to background \(PID: (\d+)\)/.exec(agentText);
      if (entry !== undefined && moved) entry.pid = Number(moved[1]);
      return adoptShellPid(observation, agentText);
    }
    return observation;
  },
};
