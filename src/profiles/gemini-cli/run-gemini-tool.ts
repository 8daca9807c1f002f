import type { EnvironmentPort } from "../environment-port.js";
import type { ToolCall } from "../profile.js";
import { runListDirectory, runReadFile, runReplace, runWriteFile } from "./files/run-gemini-files.js";
import { geminiToolOf } from "./gemini-tools.js";
import { runGlob } from "./glob/run-glob.js";
import { runGrepSearch } from "./grep-search/run-grep-search.js";
import { runShellCommand } from "./run-shell-command/run-shell-command.js";

/**
 * Runs one call with Gemini CLI's rules and returns its observation; calls that run nothing
 * (refused arguments, unknown tools, tools decided by their arguments alone) observe `{}`
 * plus where the agent ran (workspace, HOME), which refusal texts name.
 * @see docs/spec/gemini-cli-0.61.0.md §2–§10
 */
export async function runGeminiTool(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const place = { workspace: environment.workspace, ...(environment.agentEnv.HOME ? { home: environment.agentEnv.HOME } : {}) };
  switch (geminiToolOf(call.tool)) {
    case "run_shell_command":
      return await runShellCommand(call.input, environment);
    case "read_file":
      return { ...(await runReadFile(call.input, environment)), ...place };
    case "list_directory":
      return { ...(await runListDirectory(call.input, environment)), ...place };
    case "write_file":
      return await runWriteFile(call.input, environment);
    case "replace":
      return await runReplace(call.input, environment);
    case "glob":
      return await runGlob(call.input, environment);
    case "grep_search":
      return { ...(await runGrepSearch(call.input, environment)), ...place };
    default:
      return {};
  }
}
