import type { OutputStorePort } from "../output-store-port.js";
import type { FormatRequest } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { formatActivateSkill } from "./activate-skill/format-activate-skill.js";
import { formatEnterPlanMode } from "./enter-plan-mode/format-enter-plan-mode.js";
import { formatListDirectory, formatReadFile, formatReplace, formatWriteFile } from "./files/format-file-tools.js";
import { formatUnknownTool } from "./format-unknown-tool.js";
import { geminiParamsError } from "./gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput } from "./gemini-result.js";
import { GEMINI_PLAN_TOOL_NAMES, GEMINI_TOOL_NAMES, geminiToolOf } from "./gemini-tools.js";
import type { GeminiPlace } from "./gemini-workspace.js";
import { formatGlob } from "./glob/format-glob.js";
import { formatGoogleWebSearch } from "./google-web-search/format-google-web-search.js";
import { formatGrepSearch } from "./grep-search/format-grep-search.js";
import { formatInvokeAgent } from "./invoke-agent/format-invoke-agent.js";
import { formatBackgroundTool } from "./list-background-processes/format-background-processes.js";
import { formatShellCommand } from "./run-shell-command/format-shell-command.js";
import { formatUpdateTopic } from "./update-topic/format-update-topic.js";
import { formatWebFetch } from "./web-fetch/format-web-fetch.js";
import { formatWriteTodos } from "./write-todos/format-write-todos.js";

/**
 * gemini-cli's tool result for a call and its observation. `options.cwd` is the workspace (paths
 * in texts); the agent's HOME (for the project temp directory named in refusals) comes from the
 * observation's `home` when a runner recorded it.
 * @see docs/spec/gemini-cli-0.61.0.md
 */
export function formatGeminiTool(request: FormatRequest, store: OutputStorePort): GeminiCliResult {
  const result = formatTool(request, store);
  // a success the CLI would extend with newly found GEMINI.md context (§16.6)
  if (request.observation.jitMemory === true && "output" in result.response) {
    throw new UnsupportedError("gemini-cli: the JIT memory appended after a GEMINI.md below the workspace root is first reached (its file order, imports and frame) is not modelled (spec §16.6)");
  }
  return result;
}

function formatTool(request: FormatRequest, store: OutputStorePort): GeminiCliResult {
  const { tool, input, observation } = request;
  const place: GeminiPlace = {
    workspace: request.options?.cwd ?? (typeof observation.workspace === "string" ? observation.workspace : "/workspace"),
    ...(typeof observation.home === "string" ? { home: observation.home } : {}),
    ...(Array.isArray(observation.workspaceDirectories) ? { directories: observation.workspaceDirectories as string[] } : {}),
  };
  // glob without dir_path over several workspace directories (an activated skill's folder added) is another search and text (§16.4)
  if (geminiToolOf(tool) === "glob" && Array.isArray(observation.workspaceDirectories) && observation.workspaceDirectories.length > 1 && searchesEveryDirectory(input)) {
    throw new UnsupportedError(
      "gemini-cli: glob without dir_path after activate_skill added the skill's folder to the workspace directories (its search across several directories, their duplicates and its text) is not modelled (spec §16.4)",
    );
  }
  // plan mode's policy (§16.1): a denied call is an error naming the rule's message
  if (observation.planModeNotFound === true) return formatUnknownTool(tool, GEMINI_PLAN_TOOL_NAMES);
  if (typeof observation.planModeRefused === "string") return geminiError(observation.planModeRefused);
  if (typeof observation.policyDenied === "string") return geminiError(`Tool execution denied by policy. ${observation.policyDenied}`);
  if (typeof observation.planModeUnmodelled === "string") throw new UnsupportedError(`gemini-cli: ${observation.planModeUnmodelled} are not modelled`);
  switch (geminiToolOf(tool)) {
    case "run_shell_command":
      return formatShellCommand(input, observation, store, place);
    case "read_file":
      return formatReadFile(input, observation, place);
    case "list_directory":
      return formatListDirectory(input, observation, place);
    case "write_file":
      return formatWriteFile(input, observation, place);
    case "replace":
      return formatReplace(input, observation, place);
    case "write_todos":
      return formatWriteTodos(input);
    case "web_fetch":
      return formatWebFetch(input);
    case "glob":
      return formatGlob(input, observation, place);
    case "grep_search":
      return formatGrepSearch(input, observation, place);
    case "enter_plan_mode":
      return formatEnterPlanMode(input);
    case "update_topic":
      return formatUpdateTopic(input, observation);
    case "list_background_processes":
    case "read_background_output":
      return formatBackgroundTool(geminiToolOf(tool) as "list_background_processes", input, observation);
    case "google_web_search":
      return formatGoogleWebSearch(input, observation);
    case "activate_skill":
      return formatActivateSkill(input, observation);
    case "invoke_agent":
      return formatInvokeAgent(input, observation);
    default:
      if (GEMINI_TOOL_NAMES.includes(tool)) throw new UnsupportedError(`gemini-cli: ${tool} is not modelled (docs/spec/gemini-cli-0.61.0.md §7)`);
      return formatUnknownTool(tool);
  }
}

/** A valid glob call without a dir_path, which searches every workspace directory (one with a dir_path searches that folder alone). @see spec §16.4 [bundle: packages/core/src/tools/glob.ts] */
function searchesEveryDirectory(input: unknown): boolean {
  const params = geminiInput(input);
  return geminiParamsError("glob", input) === null && !params.dir_path && typeof params.pattern === "string" && params.pattern.trim() !== "";
}
