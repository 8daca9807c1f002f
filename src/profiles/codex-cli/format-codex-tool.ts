import type { CommandRunObservation, ImageReadObservation, PatchAppliedObservation } from "../../generated/schema-types.js";
import type { FormatRequest } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { formatApplyPatch } from "./apply-patch/format-apply-patch.js";
import { argumentsError, EXEC_COMMAND_ARGS, VIEW_IMAGE_ARGS, WRITE_STDIN_ARGS } from "./codex-arguments.js";
import type { CodexOutput } from "./codex-result.js";
import { DECLARED_UNMODELLED_TOOLS } from "./codex-tools.js";
import { execOutputText } from "./exec-command/codex-exec-output.js";
import { rustDebugString } from "./rust-io-error.js";
import { formatViewImage } from "./view-image/format-view-image.js";

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
      const invalid = argumentsError(input, tool === "exec_command" ? EXEC_COMMAND_ARGS : WRITE_STDIN_ARGS);
      if (invalid !== null) return { output: invalid };
      return { output: formatCommandRun(tool, observation as CommandRunObservation, (input as Record<string, unknown>).max_output_tokens) };
    }
    case "apply_patch":
      if (typeof input !== "string") throw new UnsupportedError("codex-cli: apply_patch is a freeform tool; its input is the patch text");
      requireKey(observation, ["changes", "refused"], tool);
      return formatApplyPatch(observation as unknown as PatchAppliedObservation);
    case "view_image": {
      const invalid = argumentsError(input, VIEW_IMAGE_ARGS);
      if (invalid !== null) return { output: invalid };
      requireKey(observation, ["path"], tool);
      return formatViewImage(observation as unknown as ImageReadObservation);
    }
    default:
      if (DECLARED_UNMODELLED_TOOLS.has(tool)) throw new UnsupportedError(`codex-cli: the ${tool} tool is not modelled`);
      return { output: `unsupported call: ${tool}` };
  }
}

/**
 * exec_command / write_stdin: the spawn failure text
 * `exec_command failed: CreateProcess { message: "Rejected(\"Failed to create unified exec process: <error>\")" }`,
 * `write_stdin failed: Unknown process id <id>`, or the exec output block.
 * @see spec §2.2, §2.4, §2.5 (observed bytes)
 */
function formatCommandRun(tool: string, observation: CommandRunObservation, maxOutputTokens: unknown): string {
  if (observation.unknownSession !== undefined) return `write_stdin failed: Unknown process id ${observation.unknownSession}`;
  if (observation.spawnFailure !== undefined) {
    const inner = `Rejected(${rustDebugString(`Failed to create unified exec process: ${observation.spawnFailure}`)})`;
    return `${tool} failed: CreateProcess { message: ${rustDebugString(inner)} }`;
  }
  if (observation.output === undefined && observation.outputBase64 === undefined) {
    throw new UnsupportedError(`codex-cli: a ${tool} observation needs output, outputBase64, spawnFailure or unknownSession`);
  }
  return execOutputText(observation, typeof maxOutputTokens === "number" ? maxOutputTokens : undefined);
}

function requireKey(observation: Record<string, unknown>, keys: string[], tool: string): void {
  if (!keys.some((key) => Object.hasOwn(observation, key))) throw new UnsupportedError(`codex-cli: a ${tool} observation needs ${keys.join(" or ")}`);
}
