import { dirnamePath, resolvePath } from "../../text/path-posix.js";
import type { EnvironmentPort } from "../environment-port.js";
import { type ToolCall, UnsupportedError } from "../profile.js";
import { namesBuiltInAgentType } from "./claude-agent-types.js";
import { claudeCwd, claudeSession } from "./claude-session.js";
import { claudeEnumIssue, claudeInputIssues, claudeLiveAliases, claudeNormalizedInput, claudeRefinementIssue, claudeToolNames } from "./claude-tools.js";
import { exists, fileText } from "./files/claude-file-io.js";

/** Agent in the replay: the type check, and a foreground subagent's scripted calls run with a session of their own. @see docs/spec/claude-code-2.1.332.md §11.1 */

/** The tools a subagent's tools-used note can list (observed: Bash, Read, Edit, Write; unknown names are counted in `tool_uses`, never listed). @see spec §11.1 */
const SUBAGENT_LISTED_TOOLS: ReadonlySet<string> = new Set(["Bash", "Read", "Edit", "Write"]);

/**
 * Agent: the input's validation first (its refusals are formatted from the input alone), then,
 * for a foreground agent (`run_in_background: false`) whose subagent the scenario scripts (the
 * first `subagents` entry whose prompt the Agent's prompt holds, as the fake picks it), the
 * subagent's calls run in the workspace with a session of their own, and the observation holds
 * its report, the names its note lists and its call count. @see spec §11.1
 */
export async function observeAgent(
  call: ToolCall,
  environment: EnvironmentPort,
  /** How a subagent's call runs: the main session's own tool runner (passed in, not imported: it calls this). */
  runTool: (call: ToolCall, environment: EnvironmentPort) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const normalized = claudeNormalizedInput("Agent", call.input);
  if (claudeInputIssues("Agent", normalized).length > 0) return {};
  const input = normalized as Record<string, unknown>;
  if (claudeEnumIssue("Agent", input) !== null || claudeRefinementIssue("Agent", input) !== null) return {};
  const session = claudeSession(environment);
  const unsupported = (what: string): never => {
    throw new UnsupportedError(`claude-code: ${what} (docs/spec/claude-code-2.1.332.md §11.1)`);
  };
  // A type that is no built-in one, exactly or by its key, is refused before anything starts — when
  // neither the project nor the user defines agents (their folders would add to the list). [bundle; observed]
  const type = input.subagent_type;
  if (typeof type === "string" && !namesBuiltInAgentType(type)) {
    const home = environment.agentEnv.HOME;
    const config = environment.agentEnv.CLAUDE_CONFIG_DIR ?? (home === undefined ? undefined : `${home}/.claude`);
    const folders = [...ancestors(claudeCwd(environment)).map((at) => `${at === "/" ? "" : at}/.claude/agents`), ...(config === undefined ? [] : [`${config}/agents`])];
    if (config === undefined || (await Promise.all(folders.map((folder) => exists(environment, folder)))).some(Boolean))
      unsupported(`an Agent of type ${type} where the project or user may define agents of their own is not modelled`);
    return { unknownAgentType: type };
  }
  const background = input.run_in_background !== false;
  if (background) session.started.tasks = true;
  if (input.isolation !== undefined) unsupported("an Agent with isolation (a worktree or a remote session) is not modelled");
  // Explore and Plan hand their report back without the agentId and usage lines (bundle: the set
  // `C3n`; observed for Explore, batch 6 judge); they may not call the tools that change files.
  const bare = input.subagent_type === "Explore" || input.subagent_type === "Plan";
  if (input.subagent_type !== undefined && input.subagent_type !== "general-purpose" && !bare)
    unsupported(`an Agent of type ${String(input.subagent_type)} is not modelled (a built-in type other than general-purpose, Explore and Plan, or one named by its key)`);
  if (bare && background) unsupported(`a background Agent of type ${String(input.subagent_type)} is not pinned`);
  const script = environment.subagents?.find((sub) => String(input.prompt).includes(sub.prompt));
  if (bare && (script?.turns ?? []).some((turn) => (turn.calls ?? []).some((subCall) => subCall.tool !== "Bash" && subCall.tool !== "Read")))
    unsupported(`a ${String(input.subagent_type)} subagent's call of a tool other than Bash and Read (its tool set lacks the ones that change files) is not pinned`);
  if (background) {
    // The launch is answered at once; the subagent runs beside the main session's later calls. One
    // that makes no calls changes nothing they see (an unscripted one gets the fake's final text).
    if (environment.subagents === undefined) unsupported("a background Agent outside a gate run (no subagent scripts known) is not modelled");
    if ((script?.turns ?? []).some((turn) => (turn.calls ?? []).length > 0))
      unsupported("a background Agent whose subagent calls tools runs them beside the main session's later calls, in an order not pinned; not modelled");
    return { backgroundAgent: true };
  }
  if (script === undefined) unsupported("an Agent whose subagent the scenario does not script (`subagents`) is not modelled");
  const last = script!.turns.findIndex((turn) => (turn.calls ?? []).length === 0);
  if (last < 0) unsupported("a subagent script that never ends with a text turn is not modelled");
  const child = Object.create(environment) as EnvironmentPort;
  let toolUses = 0;
  const used = new Set<string>();
  // Files the subagent's Read saw: the main session takes them over as read, so one the subagent then
  // changed draws a "changed on disk" note after the hand-back (observed: unseen batch 3,
  // claude-unseen3-agent-foreground call 3 — Read, then Edit of data.txt); that note is not modelled.
  const subagentRead = new Set<string>();
  let readThenChanged: string | undefined;
  for (const turn of script!.turns.slice(0, last)) {
    for (const subCall of turn.calls ?? []) {
      toolUses++;
      const tool = subCall.tool;
      if (!claudeToolNames.includes(tool) && !Object.hasOwn(claudeLiveAliases, tool)) continue;
      if (!SUBAGENT_LISTED_TOOLS.has(tool)) unsupported(`a subagent's call of ${tool} (whether its note lists it) is not pinned`);
      if (claudeInputIssues(tool, claudeNormalizedInput(tool, subCall.input)).length > 0) unsupported("a subagent's call with an invalid input is not pinned");
      const subInput = claudeNormalizedInput(tool, subCall.input) as Record<string, unknown>;
      const subPath = typeof subInput.file_path === "string" ? resolvePath(claudeCwd(child), subInput.file_path) : undefined;
      if (subPath !== undefined && tool === "Read") subagentRead.add(subPath);
      if (subPath !== undefined && (tool === "Edit" || tool === "Write") && subagentRead.has(subPath)) readThenChanged ??= subPath;
      used.add(tool);
      // A subagent's Write of a report file is refused, nothing written (bundle: Write's validateInput, /^(REPORT|SUMMARY|FINDINGS|ANALYSIS).*\.md$/i on the name; observed, batch 7 judge). §11.1
      if (tool === "Write" && subPath !== undefined && /^(REPORT|SUMMARY|FINDINGS|ANALYSIS).*\.md$/i.test(subPath.slice(subPath.lastIndexOf("/") + 1))) continue;
      await runTool({ tool, input: subCall.input }, child);
    }
  }
  // What the subagent read or changed: the main session's knowledge of those files is not pinned.
  for (const path of claudeSession(child).files.keys()) session.subagentFiles.add(path);
  for (const [path, known] of session.files) if ((await fileText(environment, path)) !== known.text) known.uncertain = "a subagent changed it, §11.1";
  if (claudeCwd(child) !== environment.workspace) unsupported("a subagent that changed its shell's working directory is not pinned");
  const toolsUsed = [...used].filter((name) => !session.named.has(name)).sort();
  for (const name of toolsUsed) session.named.add(name);
  return { subagent: { report: script!.turns[last]!.text ?? null, toolsUsed, toolUses, ...(readThenChanged === undefined ? {} : { readThenChanged }), ...(bare ? { bare: true } : {}) } };
}

/** A directory and every one above it, up to `/`. */
function ancestors(directory: string): string[] {
  const found = [directory];
  for (let at = directory; at !== "/" && at !== "."; ) {
    at = dirnamePath(at);
    found.push(at);
  }
  return found;
}
