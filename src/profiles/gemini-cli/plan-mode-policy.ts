import { geminiInput } from "./gemini-result.js";
import { GEMINI_PLAN_TOOL_NAMES } from "./gemini-tools.js";

/** Subagents invoke_agent may run in plan mode. @see spec §16.1 [bundle: policies/plan.toml] */
const PLAN_AGENTS = new Set(["codebase_investigator", "cli_help"]);
const WRITE_DENIED = "You are in Plan Mode and cannot modify source code. You may ONLY use write_file or replace to save plans to the designated plans directory as .md files.";
const READ_ONLY_DENIED = "You are in Plan Mode with access to read-only tools. Execution of scripts (including those from skills) is blocked.";

/**
 * Where plan mode's write_file and replace may write (their validateToolParamValues, after the
 * empty-path check and before the policy): the path argument (NUL bytes dropped, trimmed) must
 * name a file of the plans directory — absolute and inside it, or relative and, resolved against
 * it, still inside it (resolved against the workspace it never reaches the plans directory, which
 * lies under HOME). Returns the refusal's text (`plansDirectory`: the folder it names), or null
 * when the path is allowed. An absolute path under the agent's HOME may be the plans directory
 * itself (its session id is the CLI's): not modelled.
 * @see docs/spec/gemini-cli-0.61.0.md §16.1 [bundle: packages/core/src/utils/planUtils.ts resolveAndValidatePlanPath]
 */
export function planPathRefusal(callInput: unknown, home: string | undefined, plansDirectory: string): { refused: string } | { unmodelled: string } | null {
  const path = String(geminiInput(callInput).file_path).replace(/\0/g, "").trim();
  if (path === "") return { refused: "Plan file path must be non-empty." };
  const denied = { refused: `Access denied: plan path (${path}) must be within the designated plans directory (${plansDirectory}).` };
  if (path.startsWith("/")) {
    if (home !== undefined && (path === home || path.startsWith(`${home}/`))) return { unmodelled: "plan mode's absolute paths under the agent's HOME (the plans directory of its session)" };
    return denied;
  }
  let depth = 0;
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    depth += segment === ".." ? -1 : 1;
    if (depth < 0) return denied;
  }
  return null;
}

/** The plans directory a refusal names: the project temp directory's session folder (its session id redacted, spec §13). */
export const planModePlansDirectory = (temp: string) => `${temp}/[SESSION]/plans`;

/**
 * What plan mode decides for a call (non-interactive, so no rule that asks the user applies): a
 * tool outside plan mode's registry is not found (`not-found`, suggestions from that registry);
 * write_file and replace are denied with their message unless the path is a `.md` file, which the
 * plans-folder rules may allow (`unmodelled`); invoke_agent runs only the two read-only subagents;
 * exit_plan_mode is not modelled; the read-only tools run (`allow`).
 * @see docs/spec/gemini-cli-0.61.0.md §16.1 [bundle: policies/plan.toml]
 */
export function planModeDecision(tool: string, callInput: unknown): { kind: "allow" } | { kind: "not-found" } | { kind: "deny"; message: string } | { kind: "unmodelled"; rule: string } {
  if (!GEMINI_PLAN_TOOL_NAMES.includes(tool)) return { kind: "not-found" };
  const input = geminiInput(callInput);
  if (tool === "exit_plan_mode") return { kind: "unmodelled", rule: "exit_plan_mode (its approval and the plan file it reads)" };
  if (tool === "invoke_agent") return PLAN_AGENTS.has(String(input.agent_name)) ? { kind: "allow" } : { kind: "deny", message: READ_ONLY_DENIED };
  if (tool === "write_file" || tool === "replace") {
    if (String(input.file_path).endsWith(".md")) return { kind: "unmodelled", rule: "plan mode's argsPattern rules for .md files in the plans folder" };
    return { kind: "deny", message: WRITE_DENIED };
  }
  return { kind: "allow" };
}
