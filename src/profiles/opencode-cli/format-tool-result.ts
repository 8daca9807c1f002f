import { permissionErrorText } from "../opencode-shared/permission-ask.js";
import { type OutputLimits, resolveLimits } from "../output-limits.js";
import type { OutputStorePort } from "../output-store-port.js";
import { type FormatOptions, type FormatRequest, UnsupportedError } from "../profile.js";
import { formatApplyPatch } from "./apply-patch/format-apply-patch.js";
import { type BashInput, formatBash } from "./bash/format-bash.js";
import { checkToolParameters, invalidArgumentsText } from "./check-tool-parameters.js";
import { formatEdit } from "./edit/format-edit.js";
import type { FormatContext } from "./format-context.js";
import { formatGlob } from "./glob/format-glob.js";
import { formatGrep } from "./grep/format-grep.js";
import { formatInvalid, unavailableToolMessage } from "./invalid/format-invalid.js";
import { formatMcp } from "./mcp/format-mcp.js";
import { formatPlanExit } from "./plan-exit/format-plan-exit.js";
import { formatQuestion } from "./question/format-question.js";
import { formatRead, type ReadInput } from "./read/format-read.js";
import { omitUnresizableImages } from "./result/format-image-omission.js";
import { type CliFormatResult, ToolFailure, type ToolOutcome } from "./result/format-result.js";
import { formatSkill } from "./skill/format-skill.js";
import { formatTask } from "./task/format-task.js";
import { formatTodowrite } from "./todowrite/format-todowrite.js";
import { BUILT_IN_TOOLS, defaultAvailableTools, resolveToolName } from "./tool-availability.js";
import { TOOL_PARAMETERS } from "./tool-parameters.js";
import { TRUNCATE_MAX_BYTES, TRUNCATE_MAX_LINES, truncateOutput } from "./truncate/truncate-output.js";
import { formatWebfetch, type WebfetchInput } from "./webfetch/format-webfetch.js";
import { formatWebsearch } from "./websearch/format-websearch.js";
import { formatWrite } from "./write/format-write.js";

/** FormatOptions as the cli profile reads them. */
export type CliFormatOptions = FormatOptions;

/** `Truncate.limits()` from the options. @see spec §3.1 constants */
export function truncateLimits(options: FormatOptions): OutputLimits {
  return resolveLimits(options.limits, { maxLines: TRUNCATE_MAX_LINES, maxBytes: TRUNCATE_MAX_BYTES });
}

/**
 * The v1 settled tool state for one call: tool resolution (unknown → `invalid`), parameter
 * decoding, the tool's text, the `Truncate.output` wrapper for tools that do not set
 * `metadata.truncated`, then the processor's image post-processing. Tool failures become error
 * states; UnsupportedError propagates.
 * @see spec §2.0, §2.14 (MCP, image post-processing), README "unknown tool", "invalid arguments"
 */
export function formatToolResult(request: FormatRequest, store: OutputStorePort): CliFormatResult {
  const options: CliFormatOptions = request.options ?? {};
  const context: FormatContext = { options, store, limits: truncateLimits(options) };
  const observation = request.observation ?? {};
  const available = options.availableTools ?? defaultAvailableTools(options.model, options.provider);
  let tool = resolveToolName(request.tool, available);
  let input = request.input;
  if (tool === undefined && !BUILT_IN_TOOLS.has(request.tool) && (Array.isArray(observation.content) || observation.failure !== undefined)) {
    return settle(() => formatMcp(observation, context), observation, context);
  }
  if (tool === undefined) {
    tool = "invalid";
    input = { tool: request.tool, error: unavailableToolMessage(request.tool, available) };
  }
  const parameters = TOOL_PARAMETERS[tool];
  if (parameters === undefined) throw new UnsupportedError(`opencode-cli does not implement the ${tool} tool`);
  const problem = checkToolParameters(parameters, input);
  if (problem !== undefined) return { status: "error", error: invalidArgumentsText(tool, problem) };
  // A permission a rule denied, or one rejected with continue_loop_on_deny: the tool fails with it (§2.15).
  const refused = permissionErrorText(observation);
  if (refused !== undefined) return { status: "error", error: refused };
  const name = tool;
  const args = input as Record<string, unknown>;
  return settle(() => runTool(name, args, observation, context), observation, context);
}

function settle(run: () => ToolOutcome, observation: Record<string, unknown>, context: FormatContext): CliFormatResult {
  let outcome: ToolOutcome;
  try {
    outcome = run();
  } catch (error) {
    if (ToolFailure.isInstance(error)) return { status: "error", error: error.message };
    throw error;
  }
  if (outcome.truncated === undefined) {
    const truncated = truncateOutput(outcome.output, { ...context.limits, direction: "head", taskAllowed: context.options.taskAllowed ?? true }, context.store);
    outcome = { ...outcome, output: truncated.content, truncated: truncated.truncated, outputPath: truncated.outputPath };
  }
  const imageOmitted = typeof observation.imageOmitted === "boolean" ? observation.imageOmitted : undefined;
  outcome = omitUnresizableImages(outcome, imageOmitted);
  return {
    status: "completed",
    title: outcome.title,
    output: outcome.output,
    metadata: { truncated: outcome.truncated ?? false, ...(outcome.outputPath === undefined ? {} : { outputPath: outcome.outputPath }) },
    ...(outcome.attachments === undefined ? {} : { attachments: outcome.attachments }),
  };
}

function runTool(tool: string, input: Record<string, unknown>, observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  switch (tool) {
    case "bash":
      return formatBash(input as unknown as BashInput, observation, context);
    case "read":
      return formatRead(input as unknown as ReadInput, observation, context);
    case "write":
      return formatWrite(observation, context);
    case "edit":
      return formatEdit(observation, context);
    case "apply_patch":
      return formatApplyPatch(observation, context);
    case "grep":
      return formatGrep(input as { pattern: string }, observation, context);
    case "glob":
      return formatGlob(input as { pattern: string; path?: string }, observation, context);
    case "webfetch":
      return formatWebfetch(input as unknown as WebfetchInput, observation, context);
    case "websearch":
      return formatWebsearch(input as { query: string }, observation, context);
    case "todowrite":
      return formatTodowrite(input as { todos: unknown[] }, observation, context);
    case "question":
      return formatQuestion(input as { questions: { question: string }[] }, observation, context);
    case "task":
      return formatTask(input as { description: string }, observation, context);
    case "skill":
      return formatSkill(observation, context);
    case "plan_exit":
      return formatPlanExit(observation, context);
    case "invalid":
      return formatInvalid(input as { tool: string; error: string });
    default:
      throw new UnsupportedError(`opencode-cli does not implement the ${tool} tool`);
  }
}
