import { geminiInput } from "./gemini-result.js";
import { GEMINI_TOOL_NAMES } from "./gemini-tools.js";

/** Tools plan mode allows (a read-only list). @see spec §15.1 [bundle: policies/plan.toml] */
const PLAN_ALLOWED = new Set(["glob", "grep_search", "list_directory", "read_file", "google_web_search", "update_topic"]);
/** Subagents invoke_agent may run in plan mode. */
const PLAN_AGENTS = new Set(["codebase_investigator", "cli_help"]);
const WRITE_DENIED = "You are in Plan Mode and cannot modify source code. You may ONLY use write_file or replace to save plans to the designated plans directory as .md files.";
const READ_ONLY_DENIED = "You are in Plan Mode with access to read-only tools. Execution of scripts (including those from skills) is blocked.";

/**
 * What plan mode's policy (non-interactive, so no rule that asks the user applies) decides for a
 * call: `allow`, a denial with its message, or `unmodelled` (a write of a `.md` file, which the
 * plans-folder rules may allow; a tool the registry does not hold, whose plan-mode tool set is
 * not pinned).
 * @see docs/spec/gemini-cli-0.61.0.md §15.1 [bundle: policies/plan.toml]
 */
export function planModeDecision(tool: string, callInput: unknown): { kind: "allow" } | { kind: "deny"; message: string } | { kind: "unmodelled"; rule: string } {
  if (!GEMINI_TOOL_NAMES.includes(tool)) return { kind: "unmodelled", rule: "unknown tools in plan mode (its tool set is not pinned)" };
  if (tool === "enter_plan_mode") return { kind: "deny", message: "You are already in Plan Mode." };
  if (PLAN_ALLOWED.has(tool)) return { kind: "allow" };
  const input = geminiInput(callInput);
  if (tool === "invoke_agent") return PLAN_AGENTS.has(String(input.agent_name)) ? { kind: "allow" } : { kind: "deny", message: READ_ONLY_DENIED };
  if (tool === "write_file" || tool === "replace") {
    if (String(input.file_path).endsWith(".md")) return { kind: "unmodelled", rule: "plan mode's argsPattern rules for .md files in the plans folder" };
    return { kind: "deny", message: WRITE_DENIED };
  }
  return { kind: "deny", message: READ_ONLY_DENIED };
}
