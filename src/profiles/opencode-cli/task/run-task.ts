import type { EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { findSubagentScript, UNSCRIPTED_SUBAGENT_TEXT } from "../../subagent-script.js";

/**
 * The agents opencode 1.18.33 registers itself (the `Agent.state` table): a `task` naming one
 * of them starts a child session with it, any other name fails. @see spec §2.13
 */
export const OPENCODE_AGENTS: readonly string[] = ["build", "plan", "general", "explore", "compaction", "title", "summary"];

/**
 * The tools whose effects the replay runs, per agent a child session may run under: the child
 * loses `todowrite` and `task` (denied by the task tool), `explore` keeps only its read-only
 * set; a denied tool is not offered, so its call is refused and changes nothing.
 * @see spec §2.13 (the child session's tools)
 */
const CHILD_TOOLS: Readonly<Record<string, ReadonlySet<string>>> = {
  build: new Set(["bash", "read", "write", "edit", "glob", "grep", "webfetch"]),
  general: new Set(["bash", "read", "write", "edit", "glob", "grep", "webfetch"]),
  explore: new Set(["bash", "read", "glob", "grep", "webfetch"]),
};

/** The session id the replay gives a child session: the binary's is random, and the profile's redactions make both the same token. @see spec §2.13 */
export const REPLAY_TASK_SESSION_ID = "ses_000000000000correxReplay00";

/** The error of a call whose permission ask was rejected without feedback (bundle `PermissionRejectedError`). @see spec §2.13 */
const PERMISSION_REJECTED = "The user rejected permission to use this specific tool call.";

/**
 * Whether a fault scripted on a child's request leaves its reply as if there were none: a rate
 * limit once is retried on every protocol (observed on four); a malformed stream is not the same
 * on all (openai-chat: the text came through, anthropic-messages: `Subagent failed … JSON parsing
 * failed`), so the profile, which does not know the protocol here, leaves it unsupported.
 * @see spec §2.13
 */
function retriedAway(fault: unknown): boolean {
  if (fault === undefined) return true;
  const { kind, times = 1, retryAfter = 1 } = fault as { kind: string; times?: number; retryAfter?: number };
  return kind === "rate-limit" && times === 1 && retryAfter <= 1;
}

/** Runs one of the child's calls for its effects; returns the call's observation. */
export type ChildCallRunner = (call: { tool: string; input: unknown }, child: EnvironmentPort) => Promise<Record<string, unknown>>;

const unsupported = (what: string): never => {
  throw new UnsupportedError(`opencode-cli: ${what} (docs/spec/opencode-1.18.33.md §2.13)`);
};

/**
 * v1 `task` (arguments already valid): the agent's lookup, then the child session played on the
 * run's subagent scripts (the first whose prompt the call's prompt holds, as the fake picks it;
 * none: the fake's unscripted text) — each scripted call runs in the workspace for its effects,
 * and the first turn without calls ends the child, its text (as written, or empty) being what
 * the parent gets (faults the child's retries absorb change nothing). A child call whose
 * permission ask `opencode run` rejects ends the child and fails the task (`Subagent failed`).
 * A `task_id` that does not start with `ses` fails the call with the session id schema's message. What the profile does not pin throws `unsupported` naming the rule.
 * @see spec §2.13
 */
export async function runTask(input: Record<string, unknown>, environment: EnvironmentPort, runChildCall: ChildCallRunner): Promise<Record<string, unknown>> {
  const agent = String(input.subagent_type);
  const prompt = String(input.prompt);
  if (environment.subagents === undefined) unsupported("a subagent's (`task`) run needs the run's subagent scripts, which are not known here");
  if (isRecord(environment.agentConfig) && environment.agentConfig.agent !== undefined) unsupported("agents defined in the config (`agent`) are not modelled");
  if ((await environment.stat(`${environment.workspace}/.opencode`)).kind !== "missing") unsupported("a workspace with a .opencode folder (agents of the project) is not modelled");
  if (Object.hasOwn(Object.prototype, agent)) unsupported(`a subagent_type that names a property of every object (${agent}) is not modelled`);
  if (!OPENCODE_AGENTS.includes(agent)) return { error: `Unknown agent type: ${agent} is not a valid agent type` };
  const tools = CHILD_TOOLS[agent] ?? unsupported(`a child session of the ${agent} agent (its own permissions and prompt) is not modelled`);
  // an empty task_id counts as none (the tool tests it for truth)
  if (typeof input.task_id === "string" && input.task_id !== "") {
    if (input.task_id.startsWith("ses")) unsupported("a task_id starting with `ses` (resuming an earlier child session, or a fresh one when none has that id) is not modelled");
    if (!/^[ !#-[\]-~]*$/.test(input.task_id)) unsupported("a task_id with quotes, backslashes or non-ASCII characters (how the schema's message quotes it) is not pinned");
    return { error: `Expected a string starting with "ses", got "${input.task_id}"` };
  }
  if (prompt.includes("@")) unsupported("a task prompt with `@` (file references the child's prompt attaches) is not modelled");
  const script = findSubagentScript(environment.subagents ?? [], prompt);
  if (script === undefined) return { sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text: UNSCRIPTED_SUBAGENT_TEXT };
  const last = script.turns.findIndex((turn) => (turn.calls ?? []).length === 0);
  if (last < 0) unsupported("a subagent script whose every turn has calls (the child's loop past the script's end) is not modelled");
  if (script.turns.slice(0, last + 1).some((turn) => !retriedAway(turn.fault)))
    unsupported("a fault scripted on a child session's request beyond the retries observed (its retry budget, `Subagent failed`) is not modelled");
  const child = Object.create(environment) as EnvironmentPort;
  for (const turn of script.turns.slice(0, last)) {
    for (const call of turn.calls ?? []) {
      const tool = call.tool.toLowerCase();
      if (!tools.has(tool)) continue;
      const observation = await runChildCall({ tool: call.tool, input: call.input }, child);
      if (observation.permission === undefined) continue;
      // `opencode run` rejects the ask; the child's loop stops on it and the task fails with that tool error
      if ((turn.calls ?? []).length > 1) unsupported("a permission ask in a child's turn of several calls (which errored part the task reports) is not modelled");
      return { error: `Subagent failed (task_id: ${REPLAY_TASK_SESSION_ID}): ${PERMISSION_REJECTED}` };
    }
  }
  const text = script.turns[last]!.text ?? "";
  if (text.includes("{{")) unsupported("a placeholder in a subagent's final text is not modelled");
  return { sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
