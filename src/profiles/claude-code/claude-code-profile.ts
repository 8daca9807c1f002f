import { lowerClaudeTurn } from "../../lower/claude-code/lower-claude-code.js";
import { neutralProfileHistory } from "../../lower/neutral-history.js";
import { utf8Length } from "../../text/utf8-length.js";
import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { userAgentVersion } from "../user-agent-version.js";
import { adoptLineOrder } from "./bash/claude-bash-order.js";
import { BASH_MAX_OUTPUT_LENGTH, formatClaudeBash } from "./bash/format-claude-bash.js";
import { claudeAfterNotes } from "./claude-after-notes.js";
import { unmodelledClaudeAgentSetting } from "./claude-agent-settings.js";
import { claudeRedactions } from "./claude-redactions.js";
import type { ClaudeCodeResult } from "./claude-result.js";
import { claudeResultOrder } from "./claude-result-order.js";
import { claudeToolNames, claudeToolParameters } from "./claude-tools.js";
import { claudeUnmodelledHarnessTools } from "./format-claude-harness-tools.js";
import { formatClaudeTool } from "./format-claude-tool.js";
import { claudeMcpRedactions } from "./mcp/claude-mcp-redactions.js";
import { formatClaudeMcp, isClaudeMcpObservation } from "./mcp/format-claude-mcp.js";
import { claudeMcpToolName } from "./mcp/mcp-tool-name.js";
import { runClaudeMcp } from "./mcp/run-claude-mcp.js";
import { runClaudeTool } from "./run-claude-tool.js";

/**
 * The `claude-code` profile: Anthropic's Claude Code 2.1.332 run headless (`claude -p`) with its
 * default model claude-opus-5-5, over anthropic-messages. `format` returns the `tool_result`
 * block's `content` and `is_error` (schemas/claude-code/tool-result.json); `truncate` is the Bash
 * output rule (persisted past 30,000 characters).
 * @see docs/spec/claude-code-2.1.332.md
 */
export const claudeCode: Profile = {
  id: "claude-code",
  /** MCP tools: @see mcp/mcp-tool-name.ts */
  mcpToolName: claudeMcpToolName,
  /** MCP results (@see docs/spec/claude-code-2.1.332.md §10) and what `correx preview` shows. */
  mcp: { results: "modelled", preview: [{ protocol: "anthropic-messages", model: "claude-opus-5-5" }] },
  version: "2.1.332",
  agent: {
    name: "Anthropic Claude Code (`claude -p`)",
    package: "@anthropic-ai/claude-code",
    driver: { command: ["sh", "examples/agents/claude-code.sh"], model: "claude-opus-5-5" },
  },
  versions: {
    verified: { from: "2.1.331", to: "2.1.332" },
    evidence: "2.1.332: test/e2e/gate-claude.test.ts; 2.1.331: test/e2e/gate-claude-versions.test.ts (and the whole claude suite, once); 2.1.330 differs (spec §0.3)",
  },
  protocols: ["anthropic-messages"],
  resultKind: "claude-code/tool-result",
  tools: claudeToolNames.map((name) =>
    Object.hasOwn(claudeUnmodelledHarnessTools, name)
      ? { name, status: "unsupported", reason: claudeUnmodelledHarnessTools[name]! }
      : Object.hasOwn(claudeToolParameters, name)
        ? { name, status: "modelled" }
        : { name, status: "unsupported", reason: "known to the binary; its results are not modelled (docs/spec/claude-code-2.1.332.md §9)" },
  ),
  argumentNames: { path: "file_path" },
  /** Its User-Agent (captured: `claude -p` 2.1.332 sends `claude-cli/2.1.332 (external, sdk-cli)`). */
  agentVersion: (headers) => userAgentVersion(headers, /^claude-cli\/(\d+\.\d+\.\d+)[\s(]/),
  /** One turn (the request right after the tools ran) over anthropic-messages. @see spec §2.1–§2.3 */
  history: neutralProfileHistory("claude-code", "anthropic-messages", (turn) =>
    lowerClaudeTurn(
      turn.prompt,
      turn.calls.map((call) => ({ ...call, result: call.result as ClaudeCodeResult })),
    ),
  ),
  redactions: [...claudeRedactions, ...claudeMcpRedactions],
  afterNotes: claudeAfterNotes,
  /** Concurrently run calls are placed as they finish. @see spec §2.2 */
  resultOrder: claudeResultOrder,
  /** A Bash output from the embedded ugrep or bfs takes the agent's order of the same lines. @see spec §3.1 */
  adoptAgentOrder(call, observation, agentText) {
    if (call.tool !== "Bash" || observation.unorderedLines !== true || typeof observation.output !== "string") return observation;
    return { ...observation, output: adoptLineOrder(observation.output, agentText) };
  },
  // A run as another user (`agent.user`): what the system refuses it is modelled where observed, unsupported elsewhere (spec §12).
  modelsRunUser: true,
  // Read, Edit and Write observe file-read and file-changed facts too, but a call refused by input
  // validation observes nothing ({}), which those schemas (path required) would reject in the corpus.
  // `bash`, `read` and `webfetch` are not Claude Code tools (unknown, spec §7.1): they observe nothing, so they
  // take the one kind that accepts {} rather than opencode's observations/bash and observations/read.
  observationKinds: { Bash: "observations/command-run", bash: "observations/command-run", read: "observations/command-run", webfetch: "observations/command-run" },
  format: (request, store) => (isClaudeMcpObservation(request.observation) ? formatClaudeMcp(request.observation, store) : formatClaudeTool(request, store)),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("claude-code truncate takes `text` (a successful Bash output)");
    const result = formatClaudeBash({ output: request.text, exitCode: 0 }, store);
    return { result: result.content, truncated: utf8Length(request.text.replace(/^\n+/, "").trimEnd()) > BASH_MAX_OUTPUT_LENGTH };
  },
  /** Runs a call with Claude Code's rules. @see spec §3–§7 */
  observe: async (call, environment) => {
    // A run under a setting the profile does not model (the scenario's agent env or args, spec §12).
    const unmodelled = unmodelledClaudeAgentSetting(environment.agentSettings);
    if (unmodelled !== undefined) throw new UnsupportedError(unmodelled);
    return (await runClaudeMcp(call, environment)) ?? runClaudeTool(call, environment);
  },
};
