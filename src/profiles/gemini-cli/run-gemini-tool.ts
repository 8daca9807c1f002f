import type { EnvironmentPort } from "../environment-port.js";
import type { ToolCall } from "../profile.js";
import { runActivateSkill } from "./activate-skill/run-activate-skill.js";
import { holdsNewPlaceholder, placeholderRefusal } from "./files/omission-placeholders.js";
import { runListDirectory, runReadFile, runReplace, runWriteFile } from "./files/run-gemini-files.js";
import { geminiParamsError } from "./gemini-params.js";
import { geminiInput } from "./gemini-result.js";
import { BACKGROUND_HISTORY_SIZE, type BackgroundEntry, type GeminiSession, geminiSession, noteBackgroundEntry } from "./gemini-session.js";
import { geminiToolOf } from "./gemini-tools.js";
import { geminiTempDirectory } from "./gemini-workspace.js";
import { runGlob } from "./glob/run-glob.js";
import { runGoogleWebSearch } from "./google-web-search/run-google-web-search.js";
import { runGrepSearch } from "./grep-search/run-grep-search.js";
import { runInvokeAgent, unregisteredAgent } from "./invoke-agent/run-invoke-agent.js";
import { newJitMemory } from "./jit-memory.js";
import { planModeDecision, planModePlansDirectory, planPathRefusal } from "./plan-mode-policy.js";
import { BACKGROUND_DELAY_MS, runShellCommand } from "./run-shell-command/run-shell-command.js";
import { nextTopicState } from "./update-topic/format-update-topic.js";

/**
 * Runs one call with Gemini CLI's rules and returns its observation; calls that run nothing
 * (refused arguments, unknown tools, tools decided by their arguments alone) observe `{}`
 * plus where the agent ran (workspace, HOME), which refusal texts name. The session (§16) is
 * read and updated here: plan mode's policy decides before a call runs.
 * @see docs/spec/gemini-cli-0.61.0.md §2–§10
 */
export async function runGeminiTool(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const session = geminiSession(environment);
  const observation = await runTool(call, environment);
  // an activated skill's folder joined the workspace directories: refusals list it, glob searches it (§16.4)
  if (session.addedDirectories.length > 0) Object.assign(observation, { workspaceDirectories: [environment.workspace, ...session.addedDirectories] });
  const skill = observation.skill as { folder?: string } | undefined;
  if (geminiToolOf(call.tool) === "activate_skill" && typeof skill?.folder === "string" && !session.addedDirectories.includes(skill.folder) && skill.folder !== environment.workspace) {
    session.addedDirectories.push(skill.folder);
  }
  return observation;
}

async function runTool(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const place = { workspace: environment.workspace, ...(environment.agentEnv.HOME ? { home: environment.agentEnv.HOME } : {}) };
  const session = geminiSession(environment);
  const tool = geminiToolOf(call.tool);
  // Arguments are validated before the policy decides; in plan mode its rules decide first. §16.1
  if (session.planMode) {
    // a name outside plan mode's registry is not found before its arguments are looked at (in the
    // turns after enter_plan_mode's; calls after it in its own turn were validated against the full
    // registry first, observed on differential seed 28102, which is not modelled: spec §16.1)
    const decision = planModeDecision(tool, call.input);
    if (decision.kind === "not-found") return { planModeNotFound: true };
    if (geminiParamsError(tool, call.input) !== null) return {};
    // an agent the registry does not hold is not found when the call is built, before the policy (§16.1)
    if (tool === "invoke_agent") {
      const unregistered = await unregisteredAgent(call.input, environment);
      if (unregistered !== null) return unregistered;
    }
    if (tool === "write_file" || tool === "replace") {
      // the empty path, then the plans directory, then omission placeholders: all before the policy
      const input = geminiInput(call.input);
      if (!input.file_path) return {};
      const refusal = planPathRefusal(call.input, environment.agentEnv.HOME, planModePlansDirectory(geminiTempDirectory(environment.workspace, environment.agentEnv.HOME)));
      if (refusal !== null && "refused" in refusal) return { planModeRefused: refusal.refused };
      if (refusal !== null) return { planModeUnmodelled: refusal.unmodelled };
      if (holdsNewPlaceholder(tool, input)) return { planModeRefused: placeholderRefusal(tool) };
    }
    if (decision.kind === "deny") return { policyDenied: decision.message };
    if (decision.kind === "unmodelled") return { planModeUnmodelled: decision.rule };
  }
  switch (tool) {
    case "run_shell_command": {
      const started = Date.now();
      const observation = await runShellCommand(call.input, environment);
      const elapsed = Date.now() - started;
      // a command run with is_background is moved to the background at its delay, ended or not (§2.6, §16.3)
      const input = geminiInput(call.input);
      if (input.is_background === true && observation.chunks !== undefined && observation.spawnFailure === undefined) {
        const delay = typeof input.delay_ms === "number" ? input.delay_ms : BACKGROUND_DELAY_MS;
        const ended = observation.running === true ? "running" : elapsed * 2 < delay ? "before-delay" : "near-delay";
        const entry: BackgroundEntry = { command: (input.command as string).trim(), ended };
        session.background.push(entry);
        if (session.background.length > BACKGROUND_HISTORY_SIZE) session.background.shift();
        noteBackgroundEntry(observation, entry);
      }
      return observation;
    }
    case "read_file":
      return withJitMemory({ ...(await runReadFile(call.input, environment)), ...place }, environment, session);
    case "list_directory":
      return withJitMemory({ ...(await runListDirectory(call.input, environment)), ...place }, environment, session);
    case "write_file":
      return withJitMemory(await runWriteFile(call.input, environment), environment, session);
    case "replace":
      return withJitMemory(await runReplace(call.input, environment), environment, session);
    case "glob":
      return await runGlob(call.input, environment, session.startedAt);
    case "grep_search":
      return { ...(await runGrepSearch(call.input, environment)), ...place };
    case "enter_plan_mode":
      if (geminiParamsError(tool, call.input) === null) session.planMode = true;
      return {};
    case "update_topic": {
      const before = { ...(session.topic === undefined ? {} : { topic: session.topic }), ...(session.intent === undefined ? {} : { intent: session.intent }) };
      if (geminiParamsError(tool, call.input) === null) {
        const input = geminiInput(call.input) as { title?: string; strategic_intent?: string };
        Object.assign(session, nextTopicState(before, input.title, input.strategic_intent));
      }
      return before;
    }
    case "list_background_processes":
    case "read_background_output":
      return { backgroundProcesses: session.background.map((entry) => ({ ...entry })) };
    case "google_web_search":
      return runGoogleWebSearch(call.input, environment);
    case "activate_skill":
      return await runActivateSkill(call.input, environment);
    case "invoke_agent":
      return await runInvokeAgent(call.input, environment);
    default:
      return {};
  }
}

/** The observation, marked when the CLI would append newly found GEMINI.md context to its result. §16.6 */
async function withJitMemory(observation: Record<string, unknown>, environment: EnvironmentPort, session: GeminiSession): Promise<Record<string, unknown>> {
  if (typeof observation.path !== "string" || observation.kind === "outside") return observation;
  return (await newJitMemory(observation.path, environment, session)) ? { ...observation, jitMemory: true } : observation;
}
