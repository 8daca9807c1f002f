import type { CommandRunObservation, ImageReadObservation, PatchAppliedObservation } from "../../generated/schema-types.js";
import type { FormatRequest } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { formatApplyPatch } from "./apply-patch/format-apply-patch.js";
import { argumentsError, EXEC_COMMAND_ARGS, VIEW_IMAGE_ARGS, WRITE_STDIN_ARGS, WRITE_STDIN_SESSION_ARGS } from "./codex-arguments.js";
import type { CodexOutput } from "./codex-result.js";
import { DECLARED_UNMODELLED_TOOLS } from "./codex-tools.js";
import { execOutputText } from "./exec-command/codex-exec-output.js";
import { execDisposition } from "./exec-command/exec-policy.js";
import { rustDebugString } from "./rust-io-error.js";
import { detailError, formatViewImage } from "./view-image/format-view-image.js";

/**
 * codex-cli's `format`: the output Codex sends for one call. Arguments its parser refuses give
 * `failed to parse function arguments: …` (§6.2); a tool gpt-5.5 is not offered gives
 * `unsupported call: <name>` (§6.1); declared tools the profile does not model are unsupported.
 * @see spec §2–§6
 */
export function formatCodexTool(request: FormatRequest): CodexOutput {
  const { tool, input } = request;
  const observation = request.observation;
  switch (tool) {
    case "exec_command":
    case "write_stdin": {
      // write_stdin parses session_id, looks the session up, then parses the rest (spec §2.5)
      const invalid = argumentsError(input, tool === "exec_command" ? EXEC_COMMAND_ARGS : WRITE_STDIN_SESSION_ARGS);
      if (invalid !== null) return { output: invalid };
      if (tool === "write_stdin" && (observation as CommandRunObservation).unknownSession === undefined) {
        const refused = argumentsError(input, WRITE_STDIN_ARGS);
        if (refused !== null) return { output: refused };
      }
      if (tool === "exec_command") {
        const disposition = execDisposition(input as Record<string, unknown>, (observation as CommandRunObservation).shell);
        if (disposition.kind === "refused") return { output: disposition.text };
        if (disposition.kind === "patch") return { output: formatInterceptedPatch(observation as CommandRunObservation) };
      }
      return { output: formatCommandRun(tool, observation as CommandRunObservation, input as Record<string, unknown>) };
    }
    case "apply_patch":
      // apply_patch is a freeform tool: sent as a function call (JSON arguments) it answers `aborted`, as tool_search does (spec §6.3, observed)
      if (typeof input !== "string") return { output: "aborted" };
      requireKey(observation, ["changes", "refused", "failed"], tool);
      return formatApplyPatch(observation as unknown as PatchAppliedObservation);
    case "view_image": {
      const invalid = argumentsError(input, VIEW_IMAGE_ARGS);
      if (invalid !== null) return { output: invalid };
      const refusedDetail = detailError(input as Record<string, unknown>);
      if (refusedDetail !== null) return { output: refusedDetail };
      requireKey(observation, ["path"], tool);
      return formatViewImage(observation as unknown as ImageReadObservation);
    }
    default: {
      const fixed = FIXED_ANSWERS[tool];
      if (fixed !== undefined) return { output: fixed };
      if (DECLARED_UNMODELLED_TOOLS.has(tool)) throw new UnsupportedError(`codex-cli: the ${tool} tool is not modelled`);
      return { output: `unsupported call: ${tool}` };
    }
  }
}

/**
 * What Codex answers, whatever the arguments, for the offered tools that cannot work in the run
 * the profile pins (`codex exec --ephemeral`, no user to ask): `request_user_input` outside Plan
 * mode, the goal tools without a persisted thread, `tool_search` sent as a function call; a
 * function call named `web_search` (a hosted tool, never a function) is an unsupported call like
 * any unknown tool. Each observed with several argument shapes.
 * @see spec §6.3 (observed bytes)
 */
const FIXED_ANSWERS: Readonly<Record<string, string>> = {
  request_user_input: "request_user_input is unavailable in Default mode",
  get_goal: "Goal tools require a persistent thread.",
  create_goal: "Goal tools require a persistent thread.",
  update_goal: "Goal tools require a persistent thread.",
  tool_search: "aborted",
  web_search: "unsupported call: web_search",
};

/**
 * An apply_patch heredoc Codex applied itself: `Wall time: <s> seconds⏎Output:⏎` and the freeform
 * tool's success text; a refused patch is the freeform tool's refusal text alone.
 * @see spec §2.7 (observed bytes)
 */
function formatInterceptedPatch(observation: CommandRunObservation): string {
  const patch = observation.patch;
  if (patch === undefined) throw new UnsupportedError("codex-cli: an intercepted apply_patch observation needs patch");
  if ("failed" in patch) throw new UnsupportedError("codex-cli: an intercepted apply_patch that fails while applying is not modelled");
  if ("refused" in patch && patch.refused === "empty") throw new UnsupportedError("codex-cli: an intercepted empty patch is not modelled");
  const text = formatApplyPatch(patch).output as string;
  if ("refused" in patch) return text;
  return `Wall time: ${(observation.wallTimeSeconds ?? 0).toFixed(4)} seconds\nOutput:\n${text}`;
}

/**
 * exec_command / write_stdin: the spawn failure text
 * `exec_command failed: CreateProcess { message: "Rejected(\"Failed to create unified exec process: <error>\")" }`,
 * `write_stdin failed: Unknown process id <id>`, the closed-stdin refusal, or the exec output block.
 * @see spec §2.2, §2.4, §2.5 (observed bytes)
 */
function formatCommandRun(tool: string, observation: CommandRunObservation, input: Record<string, unknown>): string {
  const maxOutputTokens = input.max_output_tokens;
  if (observation.unknownSession !== undefined) return `write_stdin failed: Unknown process id ${observation.unknownSession}`;
  if (observation.stdinClosed) return "write_stdin failed: stdin is closed for this session; rerun exec_command with tty=true to keep stdin open";
  if (observation.spawnFailure !== undefined) {
    const inner = `Rejected(${rustDebugString(`Failed to create unified exec process: ${observation.spawnFailure}`)})`;
    return `${tool} failed: CreateProcess { message: ${rustDebugString(inner)} }`;
  }
  if (observation.patch !== undefined) throw new UnsupportedError(`codex-cli: a patch observation for a ${tool} call Codex runs`);
  if (observation.output === undefined && observation.outputBase64 === undefined) {
    throw new UnsupportedError(`codex-cli: a ${tool} observation needs output, outputBase64, spawnFailure or unknownSession`);
  }
  // On a terminal a signal death is exit code 1 (spec §2.9; the replay maps it itself, write_stdin's included).
  const ended = tool === "exec_command" && input.tty === true && observation.signal !== undefined && observation.exitCode == null ? { ...observation, exitCode: 1 } : observation;
  return execOutputText(ended, typeof maxOutputTokens === "number" ? maxOutputTokens : undefined);
}

function requireKey(observation: Record<string, unknown>, keys: string[], tool: string): void {
  if (!keys.some((key) => Object.hasOwn(observation, key))) throw new UnsupportedError(`codex-cli: a ${tool} observation needs ${keys.join(" or ")}`);
}
