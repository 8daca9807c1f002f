import { lowerCodexTurn } from "../../lower/codex-cli/lower-codex-cli.js";
import { neutralProfileHistory } from "../../lower/neutral-history.js";
import type { OutputStorePort } from "../output-store-port.js";
import type { Profile, TruncateRequest, TruncateResult } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { userAgentVersion } from "../user-agent-version.js";
import { runApplyPatch } from "./apply-patch/run-apply-patch.js";
import { argumentsError, EXEC_COMMAND_ARGS, VIEW_IMAGE_ARGS, WRITE_STDIN_SESSION_ARGS } from "./codex-arguments.js";
import { codexRedactions } from "./codex-redactions.js";
import type { CodexOutput, CodexToolSearchOutput } from "./codex-result.js";
import { CODEX_MODEL_SLUG, CODEX_TOOLS, DECLARED_UNMODELLED_TOOLS } from "./codex-tools.js";
import { EXEC_MAX_OUTPUT_TOKENS } from "./exec-command/codex-exec-output.js";
import { adoptSessionId } from "./exec-command/codex-sessions.js";
import { runExecCommand, runWriteStdin } from "./exec-command/run-exec-command.js";
import { formatCodexTool } from "./format-codex-tool.js";
import { formatToolSearch, TOOL_SEARCH_CALL } from "./mcp/codex-tool-search.js";
import { formatCodexMcp, isCodexMcpObservation } from "./mcp/format-codex-mcp.js";
import { codexMcpToolName } from "./mcp/mcp-tool-name.js";
import { runCodexMcp } from "./mcp/run-codex-mcp.js";
import { formattedTruncateText } from "./truncate/codex-truncate.js";
import { detailError } from "./view-image/format-view-image.js";
import { runViewImage } from "./view-image/run-view-image.js";

/**
 * The `codex-cli` profile: OpenAI's Codex CLI 0.171.0 (`codex exec`) with the model slug gpt-5.5,
 * over openai-responses. `format` returns the output item's `output` ({output}); `truncate` is
 * the exec output cut (formatted_truncate_text at 10000 tokens). Nothing is saved to a store.
 * @see docs/spec/codex-cli-0.171.0.md
 */
export const codexCli: Profile = {
  id: "codex-cli",
  /** MCP tools: @see mcp/mcp-tool-name.ts */
  mcpToolName: codexMcpToolName,
  /** MCP results (@see docs/spec/codex-cli-0.171.0.md §9) and what `correx preview` shows. */
  mcp: {
    results: "modelled",
    preview: [{ protocol: "openai-responses", model: "gpt-5.5" }],
  },
  version: "0.171.0",
  agent: {
    name: "OpenAI Codex CLI (`codex exec`)",
    package: "@openai/codex",
    driver: { command: ["sh", "examples/agents/codex-exec.sh"], configTemplate: "examples/agents/codex-config.toml.template", model: CODEX_MODEL_SLUG },
  },
  versions: {
    verified: { from: "0.168.0", to: "0.171.0" },
    evidence:
      "0.171.0: test/e2e/gate-codex.test.ts and the differential campaign; 0.169.0 and 0.168.0 (the registry serves no 0.170.0): the whole regression suite once, a multi-call subset in test/e2e/gate-codex-versions.test.ts",
  },
  protocols: ["openai-responses"],
  resultKind: "codex-cli/tool-result",
  tools: CODEX_TOOLS.map(({ name }) =>
    DECLARED_UNMODELLED_TOOLS.has(name)
      ? { name, status: "unsupported", reason: "declared to the model; its results are not modelled (docs/spec/codex-cli-0.171.0.md §7)" }
      : { name, status: "modelled" },
  ),
  argumentNames: { path: "path" },
  /** Its User-Agent (captured: `codex exec` 0.171.0 sends `codex_exec/0.171.0 (Debian 12.0.0; x86_64) unknown (codex_exec; 0.171.0)`). */
  agentVersion: (headers) => userAgentVersion(headers, /^codex_exec\/(\d+\.\d+\.\d+)[\s(]/),
  /** One turn (the request right after the tools ran) over openai-responses. @see spec §1.2 */
  history: neutralProfileHistory("codex-cli", "openai-responses", (turn) =>
    lowerCodexTurn(
      turn.prompt,
      turn.calls.map((call) => ({ ...call, result: call.result as CodexOutput | CodexToolSearchOutput })),
    ),
  ),
  redactions: codexRedactions,
  observationKinds: {
    exec_command: "observations/command-run",
    write_stdin: "observations/command-run",
    apply_patch: "observations/patch-applied",
    view_image: "observations/image-read",
  },
  /** MCP calls and tool searches: @see mcp/ (spec §9); the rest: @see format-codex-tool.ts */
  format: (request) =>
    request.tool === TOOL_SEARCH_CALL ? formatToolSearch(request.observation) : isCodexMcpObservation(request.observation) ? formatCodexMcp(request.observation) : formatCodexTool(request),
  truncate(request: TruncateRequest, _store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("codex-cli truncate takes `text`");
    const result = formattedTruncateText(request.text, EXEC_MAX_OUTPUT_TOKENS);
    return { result, truncated: result !== request.text };
  },

  /**
   * A session id is random in Codex: the profile takes the one the agent reported for the same
   * call (its session then answers under that id, as the agent's does). @see spec §2.5
   */
  adoptAgentOrder(call, observation, agentText) {
    if ((call.tool !== "exec_command" && call.tool !== "write_stdin") || observation.running !== true || typeof observation.sessionId !== "number") return observation;
    const reported = /^Process running with session ID (\d+)$/m.exec(agentText);
    if (reported === null) return observation;
    adoptSessionId(observation.sessionId, Number(reported[1]));
    return { ...observation, sessionId: Number(reported[1]) };
  },

  /** Runs a call with Codex's rules; arguments its parser refuses and unknown tools run nothing (`{}`). @see spec §2–§6 */
  async observe(call, environment): Promise<Record<string, unknown>> {
    const mcp = await runCodexMcp(call, environment);
    if (mcp !== null) return mcp;
    const input = call.input as Record<string, unknown>;
    switch (call.tool) {
      case "exec_command":
        return argumentsError(call.input, EXEC_COMMAND_ARGS) === null ? { ...(await runExecCommand(input, environment)) } : {};
      case "write_stdin":
        return argumentsError(call.input, WRITE_STDIN_SESSION_ARGS) === null ? { ...(await runWriteStdin(input, environment)) } : {};
      case "apply_patch":
        // a function call (JSON arguments) to the freeform tool runs nothing: `aborted` (spec §6.3)
        return typeof call.input === "string" ? { ...(await runApplyPatch(call.input, environment)) } : {};
      case "view_image":
        return argumentsError(call.input, VIEW_IMAGE_ARGS) === null && detailError(input) === null ? { ...(await runViewImage(input, environment)) } : {};
      default:
        return {};
    }
  },
};
