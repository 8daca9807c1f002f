import { UnsupportedError } from "../profile.js";
import { unknownAgentTypeMessage } from "./claude-agent-types.js";
import { type ClaudeCodeResult, claudeError, toolUseError } from "./claude-result.js";
import { type ClaudeSubagentObservation, formatClaudeBackgroundLaunch, formatClaudeSubagentHandback } from "./claude-subagent.js";

/**
 * Claude Code's harness tools (the ones that act on the session rather than on files: schedules,
 * background tasks, worktrees, findings, workflows, messages), on the branches whose result does
 * not depend on time, randomness or other sessions of the machine. Every other branch is
 * `unsupported`, naming why. What the session has started earlier (a cron job, a wakeup, a
 * background task, a worktree) is in the observation (`started`), since it changes these
 * results. @see docs/spec/claude-code-2.1.332.md §11
 */
export interface ClaudeStarted {
  /** A CronCreate or a scheduled ScheduleWakeup ran (a wakeup is listed as a one-shot job, observed). */
  jobs?: boolean;
  /** A ScheduleWakeup scheduled a wakeup (a later `stop` then cancels it: another text). */
  wakeups?: boolean;
  /** A background task started: Agent, Bash `run_in_background`, Monitor or Workflow. */
  tasks?: boolean;
  /** An EnterWorktree ran in a git repository. */
  worktree?: boolean;
  /** A ListAgents listed agents (a long listing issues cursors). */
  listing?: boolean;
}

/** What run-claude-tool observed for a harness tool. */
export interface ClaudeHarnessObservation {
  started?: ClaudeStarted;
  /** EnterWorktree: a `.git` at the working directory or above it. */
  inGit?: boolean;
  /** Workflow: a workflows folder the binary reads beside its built-in ones exists (project or user). */
  workflowFolders?: boolean;
  /** Workflow `scriptPath`: whether the file exists. */
  scriptExists?: boolean;
  /** CronList: the project's durable jobs file (`.claude/scheduled_tasks.json`) exists. */
  durableJobs?: boolean;
  /** Agent in the foreground: what its subagent did and reported. */
  subagent?: ClaudeSubagentObservation;
  /** Agent: a requested type that names no agent (none of the project's or user's defined). */
  unknownAgentType?: string;
  /** Agent in the background: launched (its subagent's script makes no calls). */
  backgroundAgent?: true;
}

/** The workflows built into 2.1.332 (observed: `Available: deep-research`). */
export const BUILT_IN_WORKFLOWS: readonly string[] = ["deep-research"];

/** The text of ScheduleWakeup `stop: true` when no wakeup was pending (observed). */
const LOOP_STOPPED =
  "Loop stopped — any dynamic loop in this session is ended; there was no pending wakeup to cancel. If you are running a fixed-interval /loop (a recurring cron), it is NOT stopped by this call — cancel it with CronDelete. If you armed a Monitor for this loop, TaskStop it now. Then write the loop's outcome for the user as ordinary visible response text — and end the turn.";

const unsupported = (what: string): never => {
  throw new UnsupportedError(`claude-code: ${what} (docs/spec/claude-code-2.1.332.md §11)`);
};

/** Findings' item keys and what each takes (the ReportFindings schema of the request's `tools`). */
const FINDING_KEYS: Readonly<Record<string, (value: unknown) => boolean>> = {
  file: (value) => typeof value === "string",
  line: (value) => Number.isSafeInteger(value),
  summary: (value) => typeof value === "string",
  short_summary: (value) => typeof value === "string" && value.length <= 60,
  failure_scenario: (value) => typeof value === "string",
  category: (value) => typeof value === "string" && value.length <= 40,
  severity: (value) => value === "important" || value === "pre_existing" || value === "nit",
  verdict: (value) => value === "CONFIRMED" || value === "PLAUSIBLE",
  outcome: (value) => value === "fixed" || value === "skipped" || value === "no_change_needed",
};
const FINDING_REQUIRED = ["file", "summary", "failure_scenario"];

/** ReportFindings: `No findings reported.`, `1 finding reported.`, `N findings reported.` (observed 0, 1, 2; bundle: the count's plural). */
function reportFindings(input: Record<string, unknown>): ClaudeCodeResult {
  const findings = input.findings as unknown[];
  const valid =
    findings.length <= 32 &&
    findings.every((item) => {
      if (item === null || typeof item !== "object" || Array.isArray(item)) return false;
      const record = item as Record<string, unknown>;
      return FINDING_REQUIRED.every((key) => key in record) && Object.entries(record).every(([key, value]) => Object.hasOwn(FINDING_KEYS, key) && FINDING_KEYS[key]!(value));
    });
  if (!valid) unsupported("a ReportFindings finding that breaks its item schema (zod's nested issue list) is not pinned");
  const n = findings.length;
  return { content: n === 0 ? "No findings reported." : `${n} ${n === 1 ? "finding" : "findings"} reported.` };
}

/** ScheduleWakeup: `stop` ends the loop; without it `delaySeconds` and `reason`, then `prompt`, are required (errors without `<tool_use_error>`, observed). A scheduled wakeup names a clock time: not modelled. */
function scheduleWakeup(input: Record<string, unknown>, started: ClaudeStarted): ClaudeCodeResult {
  if (input.stop === true) {
    if (started.wakeups === true) unsupported("ScheduleWakeup stop after a scheduled wakeup (it cancels it, another text) is not pinned");
    return { content: LOOP_STOPPED };
  }
  if (input.delaySeconds === undefined || input.reason === undefined) return claudeError("`delaySeconds` and `reason` are required when `stop` is not true.");
  if (input.prompt === undefined) return claudeError("`prompt` is required when `stop` is not true.");
  return unsupported("a scheduled ScheduleWakeup names the clock time it fires at (and the run waits for it); not modelled");
}

/** Workflow (one of `script`, `name`, `scriptPath` given: claude-tools' refinement): `scriptPath` first, then a `name` that is no workflow. Running one (a background task) is not modelled. */
function workflow(input: Record<string, unknown>, observation: ClaudeHarnessObservation): ClaudeCodeResult {
  const resume = input.resumeFromRunId;
  if (typeof resume === "string" && !/^wf_[a-z0-9-]{6,}$/.test(resume)) unsupported("Workflow's resumeFromRunId pattern issue is not pinned beside other issues");
  if (typeof input.scriptPath === "string") {
    if (!input.scriptPath.startsWith("/")) unsupported("Workflow with a relative scriptPath is not pinned");
    if (observation.scriptExists === false) return toolUseError(`Workflow script file not found: ${input.scriptPath}`);
    return unsupported("running a Workflow (a background task with a random run id) is not modelled");
  }
  if (input.script === undefined && typeof input.name === "string" && !BUILT_IN_WORKFLOWS.includes(input.name)) {
    if (observation.workflowFolders !== false) unsupported("Workflow by name with a workflows folder of the project or user is not pinned");
    return toolUseError(`Workflow "${input.name}" not found. Available: ${BUILT_IN_WORKFLOWS.join(", ")}`);
  }
  return unsupported("running a Workflow (a background task with a random run id) is not modelled");
}

/** TaskStop (and its alias KillShell, whose `shell_id` it takes): no id, or one no task has. */
function taskStop(input: Record<string, unknown>, started: ClaudeStarted): ClaudeCodeResult {
  if (input.task_id !== undefined && input.shell_id !== undefined) unsupported("TaskStop with both task_id and shell_id is not pinned");
  const id = input.task_id ?? input.shell_id;
  if (id === undefined || id === "") return toolUseError("Missing required parameter: task_id");
  if (started.tasks === true) unsupported("TaskStop in a session that started background tasks (their ids are random) is not modelled");
  return toolUseError(`No task found with ID: ${String(id)}`);
}

/** SendMessage: an empty message is refused first; `main` is the session itself. Other names depend on the agents and sessions reachable (the machine's): not modelled. */
function sendMessage(input: Record<string, unknown>): ClaudeCodeResult {
  const to = String(input.to);
  if (/[\n\r]/.test(to) || to.length > 300 || (typeof input.summary === "string" && input.summary.length > 200))
    unsupported("a SendMessage input that breaks its patterns is refused with its schema; not modelled");
  if (input.notify_when_idle !== undefined) unsupported("SendMessage notify_when_idle is not modelled");
  if (input.message === undefined || input.message === "") return toolUseError("message must not be empty");
  if (to !== "main") unsupported("SendMessage to a name: whether it is reachable depends on the agents and other Claude sessions of the machine; not modelled");
  const answer = { success: false, message: 'You are the main conversation — "main" addresses you. Send to a named agent instead.' };
  return { content: [{ type: "text", text: JSON.stringify(answer) }] };
}

/** EnterWorktree outside a git repository (no hooks configured): refused, `is_error` without `<tool_use_error>` (observed with `{}` and `name`). */
function enterWorktree(input: Record<string, unknown>, observation: ClaudeHarnessObservation): ClaudeCodeResult {
  if (input.path !== undefined) unsupported("EnterWorktree path is not modelled");
  if (typeof input.name === "string" && !(input.name.length <= 64 && /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(input.name))) unsupported("EnterWorktree with a name it refuses is not pinned");
  if (observation.inGit !== false) unsupported("EnterWorktree in a git repository (a worktree with a random name, the session moved into it) is not modelled");
  return claudeError(
    "Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.",
  );
}

/** Tools of this file whose results are never modelled, and why (the profile's tool statuses). */
export const claudeUnmodelledHarnessTools: Readonly<Record<string, string>> = {
  Agent:
    "a foreground agent's hand-back is modelled for a scripted subagent (`subagents`); a background agent's launch is modelled when its subagent makes no calls (what it then does runs beside the main session's calls); its notification turn comes at a time not pinned and is left out of the comparison (docs/spec/claude-code-2.1.332.md §11.1)",
  Skill: "a skill's text is the bundle's own; an unknown name is matched against the binary's command list within 2 edits (docs/spec/claude-code-2.1.332.md §11.3)",
  CronCreate: "its job id is random and its next run a clock time (docs/spec/claude-code-2.1.332.md §11.4)",
  Monitor: "a background task whose events arrive as later notifications (docs/spec/claude-code-2.1.332.md §11.6)",
  WebSearch: "a server-side search: the provider's hosted web_search, which the offline fake does not serve (docs/spec/claude-code-2.1.332.md §11.6)",
};

/** The result of a harness tool call (its input already valid). @see spec §11 */
export function formatClaudeHarnessTool(tool: string, input: Record<string, unknown>, observation: ClaudeHarnessObservation): ClaudeCodeResult {
  const started = observation.started ?? {};
  switch (tool) {
    case "ReportFindings":
      return reportFindings(input);
    case "ScheduleWakeup":
      return scheduleWakeup(input, started);
    case "Workflow":
      return workflow(input, observation);
    case "CronList":
      if (started.jobs === true || observation.durableJobs !== false) unsupported("CronList with jobs (random ids, clock times) is not modelled");
      return { content: "No scheduled jobs." };
    case "CronDelete":
      if (started.jobs === true || observation.durableJobs !== false) unsupported("CronDelete in a session with jobs (random ids) is not modelled");
      return toolUseError(`No scheduled job with id '${String(input.id)}'`);
    case "EnterWorktree":
      return enterWorktree(input, observation);
    case "ExitWorktree":
      if (started.worktree === true) unsupported("ExitWorktree after an EnterWorktree is not modelled");
      return toolUseError(
        "No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session — it will not touch worktrees created manually or in a previous session. No filesystem changes were made.",
      );
    case "TaskStop":
      return taskStop(input, started);
    case "ListAgents":
      // A listing names the session with a random name and lists the machine's other Claude sessions; a cursor this session never issued is refused whatever they are (observed).
      if (input.channel !== undefined || input.q !== undefined) unsupported("ListAgents channel and q are not modelled");
      if (input.cursor === undefined || started.listing === true) unsupported("a ListAgents listing (a random session name, the machine's other Claude sessions) is not modelled");
      return {
        content: "(that cursor is not valid: this session did not issue it, or it has expired — no agents were looked up; call again with no cursor to list them from the start)",
      };
    case "SendMessage":
      return sendMessage(input);
    case "Agent":
      if (observation.unknownAgentType !== undefined) return claudeError(unknownAgentTypeMessage(observation.unknownAgentType));
      if (observation.backgroundAgent === true) return formatClaudeBackgroundLaunch();
      if (observation.subagent === undefined) return unsupported(`the Agent tool's result is not modelled here: ${claudeUnmodelledHarnessTools.Agent}`);
      return formatClaudeSubagentHandback(observation.subagent);
    default: {
      const reason = Object.hasOwn(claudeUnmodelledHarnessTools, tool) ? claudeUnmodelledHarnessTools[tool] : undefined;
      return unsupported(`the ${tool} tool's result is not modelled: ${reason ?? "not observed"}`);
    }
  }
}
