import type { OutputStorePort } from "../output-store-port.js";
import type { Profile, TruncateRequest, TruncateResult } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { runApplyPatch } from "./apply-patch/run-apply-patch.js";
import { argumentsError, EXEC_COMMAND_ARGS, VIEW_IMAGE_ARGS, WRITE_STDIN_ARGS } from "./codex-arguments.js";
import { codexRedactions } from "./codex-redactions.js";
import { EXEC_MAX_OUTPUT_TOKENS } from "./exec-command/codex-exec-output.js";
import { runExecCommand, runWriteStdin } from "./exec-command/run-exec-command.js";
import { formatCodexTool } from "./format-codex-tool.js";
import { codexMcpToolName } from "./mcp/mcp-tool-name.js";
import { formattedTruncateText } from "./truncate/codex-truncate.js";
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
  version: "0.171.0",
  redactions: codexRedactions,
  observationKinds: {
    exec_command: "observations/command-run",
    write_stdin: "observations/command-run",
    apply_patch: "observations/patch-applied",
    view_image: "observations/image-read",
  },
  format: (request) => formatCodexTool(request),
  truncate(request: TruncateRequest, _store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("codex-cli truncate takes `text`");
    const result = formattedTruncateText(request.text, EXEC_MAX_OUTPUT_TOKENS);
    return { result, truncated: result !== request.text };
  },

  /** Runs a call with Codex's rules; arguments its parser refuses and unknown tools run nothing (`{}`). @see spec §2–§6 */
  async observe(call, environment): Promise<Record<string, unknown>> {
    const input = call.input as Record<string, unknown>;
    switch (call.tool) {
      case "exec_command":
        return argumentsError(call.input, EXEC_COMMAND_ARGS) === null ? { ...(await runExecCommand(input, environment)) } : {};
      case "write_stdin":
        return argumentsError(call.input, WRITE_STDIN_ARGS) === null ? { ...runWriteStdin(input) } : {};
      case "apply_patch":
        return { ...(await runApplyPatch(call.input, environment)) };
      case "view_image":
        return argumentsError(call.input, VIEW_IMAGE_ARGS) === null ? { ...(await runViewImage(input, environment)) } : {};
      default:
        return {};
    }
  },
};
