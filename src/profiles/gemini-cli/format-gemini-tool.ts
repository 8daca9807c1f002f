import type { OutputStorePort } from "../output-store-port.js";
import type { FormatRequest } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { formatListDirectory, formatReadFile, formatReplace, formatWriteFile } from "./files/format-file-tools.js";
import { formatUnknownTool } from "./format-unknown-tool.js";
import type { GeminiCliResult } from "./gemini-result.js";
import { GEMINI_TOOL_NAMES, geminiToolOf } from "./gemini-tools.js";
import type { GeminiPlace } from "./gemini-workspace.js";
import { formatGlob } from "./glob/format-glob.js";
import { formatGrepSearch } from "./grep-search/format-grep-search.js";
import { formatShellCommand } from "./run-shell-command/format-shell-command.js";
import { formatWebFetch } from "./web-fetch/format-web-fetch.js";
import { formatWriteTodos } from "./write-todos/format-write-todos.js";

/**
 * gemini-cli's tool result for a call and its observation. `options.cwd` is the workspace (paths
 * in texts); the agent's HOME (for the project temp directory named in refusals) comes from the
 * observation's `home` when a runner recorded it.
 * @see docs/spec/gemini-cli-0.61.0.md
 */
export function formatGeminiTool(request: FormatRequest, store: OutputStorePort): GeminiCliResult {
  const { tool, input, observation } = request;
  const place: GeminiPlace = {
    workspace: request.options?.cwd ?? (typeof observation.workspace === "string" ? observation.workspace : "/workspace"),
    ...(typeof observation.home === "string" ? { home: observation.home } : {}),
  };
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
    default:
      if (GEMINI_TOOL_NAMES.includes(tool)) throw new UnsupportedError(`gemini-cli: ${tool} is not modelled (docs/spec/gemini-cli-0.61.0.md §7)`);
      return formatUnknownTool(tool);
  }
}
