import type { OutputStorePort } from "../output-store-port.js";
import type { FormatRequest } from "../profile.js";
import { UnsupportedError } from "../profile.js";
import { type ClaudeBashObservation, formatClaudeBash } from "./bash/format-claude-bash.js";
import { formatClaudeNotebookEdit, formatClaudeToolSearch, formatClaudeWebFetch } from "./claude-deferred-tools.js";
import { type ClaudeCodeResult, toolUseError } from "./claude-result.js";
import {
  claudeAbsentToolNotes,
  claudeDeferredTools,
  claudeEnumIssue,
  claudeInputIssues,
  claudeLiveAliases,
  claudeNormalizedInput,
  claudeOfferedToolNames,
  claudeRefinementIssue,
  claudeToolNames,
  claudeToolParameters,
} from "./claude-tools.js";
import { type ClaudeChangeObservation, type ClaudeReadObservation, formatClaudeEdit, formatClaudeRead, formatClaudeWrite } from "./files/format-claude-files.js";
import { type ClaudeHarnessObservation, formatClaudeHarnessTool } from "./format-claude-harness-tools.js";

/**
 * A tool not offered: `Error: No such tool available: <name>`, then what the binary says of a
 * name it knows (removed, disabled, an alias), or when an offered tool has the same name in
 * other case, which one to call. @see spec §7.1
 */
function unknownTool(tool: string): ClaudeCodeResult {
  const known = Object.hasOwn(claudeAbsentToolNotes, tool) ? claudeAbsentToolNotes[tool] : undefined;
  const other = claudeOfferedToolNames.filter((name) => name.toLowerCase() === tool.toLowerCase());
  const hint = known ?? (other.length === 1 ? `. Tool names are case-sensitive: call ${other[0]} instead.` : "");
  return toolUseError(`Error: No such tool available: ${tool}${hint}`);
}

/**
 * Claude Code's tool result for one call: unknown tools and input validation first, then each
 * tool's own rules. `cwd` is the session's working directory (named in missing-file errors).
 * @see docs/spec/claude-code-2.1.332.md §3–§7
 */
export function formatClaudeTool(request: FormatRequest, store: OutputStorePort): ClaudeCodeResult {
  // A live alias runs as its tool (observed: `Task {}` gets Agent's validation error, `KillShell {shell_id}` TaskStop's result). §7.1
  const tool = Object.hasOwn(claudeLiveAliases, request.tool) ? claudeLiveAliases[request.tool]! : request.tool;
  if (!claudeToolNames.includes(tool)) return unknownTool(tool);
  if (claudeToolParameters[tool] === undefined) throw new UnsupportedError(`claude-code: the ${tool} tool is not modelled (docs/spec/claude-code-2.1.332.md §9)`);
  const normalized = claudeNormalizedInput(tool, request.input);
  const issues = claudeInputIssues(tool, normalized);
  if (issues.length > 0 && claudeDeferredTools.has(tool)) {
    throw new UnsupportedError(
      `claude-code: an invalid input to the deferred tool ${tool} is refused with its schema appended, which depends on whether ToolSearch loaded it; not modelled (docs/spec/claude-code-2.1.332.md §7.3)`,
    );
  }
  const refinement = claudeRefinementIssue(tool, normalized);
  const enumIssue = issues.length > 0 || refinement !== null ? null : claudeEnumIssue(tool, normalized as Record<string, unknown>);
  if (issues.length > 0) {
    const isObject = normalized !== null && typeof normalized === "object" && !Array.isArray(normalized);
    if (isObject && claudeEnumIssue(tool, normalized as Record<string, unknown>) !== null) {
      throw new UnsupportedError(`claude-code: an enum value out of range beside other issues (${tool}) is not pinned (docs/spec/claude-code-2.1.332.md §7.2)`);
    }
    const lines = refinement === null ? issues : [...issues, `The input is invalid: ${refinement}`];
    return toolUseError(`InputValidationError: ${tool} failed due to the following ${lines.length === 1 ? "issue" : "issues"}:\n${lines.join("\n")}`);
  }
  if (refinement !== null) return toolUseError(`InputValidationError: ${JSON.stringify([{ code: "custom", path: [], message: refinement }], null, 2)}`);
  const input = normalized as Record<string, unknown>;
  if (enumIssue !== null && claudeDeferredTools.has(tool))
    throw new UnsupportedError(`claude-code: an invalid input to the deferred tool ${tool} is refused with its schema appended; not modelled (docs/spec/claude-code-2.1.332.md §7.3)`);
  if (enumIssue !== null) return toolUseError(enumIssue);
  const cwd = request.options?.cwd ?? "";
  switch (tool) {
    case "Bash":
      return formatClaudeBash(request.observation as ClaudeBashObservation, store);
    case "Read":
      return formatClaudeRead(input, request.observation as unknown as ClaudeReadObservation, cwd);
    case "Edit":
      return formatClaudeEdit(input, request.observation as unknown as ClaudeChangeObservation, cwd);
    case "Write":
      return formatClaudeWrite(input, request.observation as unknown as ClaudeChangeObservation);
    case "WebFetch":
      return formatClaudeWebFetch(input);
    case "ToolSearch":
      return formatClaudeToolSearch(input, [...claudeOfferedToolNames, ...claudeDeferredTools]);
    case "NotebookEdit":
      return formatClaudeNotebookEdit(input, request.observation);
    default:
      return formatClaudeHarnessTool(tool, input, request.observation as ClaudeHarnessObservation);
  }
}
