import type { EnvironmentPort } from "../../environment-port.js";
import { findSubagentScript } from "../../subagent-script.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";

/** The agents Gemini CLI 0.61.0 registers itself (loadBuiltInAgents; the browser agent only when enabled). @see spec §16.4 */
export const GEMINI_BUILTIN_AGENTS: readonly string[] = ["codebase_investigator", "cli_help", "generalist"];

/** Where agents of the project and the user are loaded from (an agent there may take any name). */
const AGENT_FOLDERS = [".gemini/agents"];

/**
 * What an invoke_agent call meets: an agent the registry does not hold (`agentNotFound`), or the
 * generalist's run on the fake's `subagents` scripts — its first request holds the prompt as its
 * query, so it is answered from the first script whose prompt the call's prompt contains, else the
 * fake's unscripted text. A first turn that is one valid `complete_task` call ends it `GOAL` with
 * that call's `result` (`agentOutcome.goal`); a turn without calls ends it, after the recovery
 * turn (answered the same), `ERROR_NO_COMPLETE_TASK_CALL`. Everything else (other agents, tools
 * the subagent runs, faults) is `agentUnmodelled`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/agents/agent-tool.ts, local-executor.ts, generalist-agent.ts, complete-task tool]
 */
export async function runInvokeAgent(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (geminiParamsError("invoke_agent", callInput) !== null) return {};
  const input = geminiInput(callInput) as { agent_name: string; prompt: string };
  const unregistered = await unregisteredAgent(callInput, environment);
  if (unregistered !== null) return unregistered;
  if (input.agent_name !== "generalist") return { agentUnmodelled: `the ${input.agent_name} agent's run (its own tools and output schema)` };
  if (environment.subagents === undefined) return { agentUnmodelled: "the generalist's run (the run's subagent scripts are not known here)" };
  const script = findSubagentScript(environment.subagents, input.prompt);
  if (script === undefined) return { agentOutcome: { reason: "ERROR_NO_COMPLETE_TASK_CALL" } };
  const turn = script.turns[0]!;
  if (turn.fault !== undefined) return { agentUnmodelled: "a fault scripted on the generalist's request (the CLI's retries)" };
  const calls = turn.calls ?? [];
  if (calls.length === 0) return { agentOutcome: { reason: "ERROR_NO_COMPLETE_TASK_CALL" } };
  const [call] = calls;
  const output = call !== undefined && calls.length === 1 && call.tool === "complete_task" ? geminiInput(call.input).result : undefined;
  const valid = output !== null && typeof output === "object" && !Array.isArray(output) && typeof (output as { response?: unknown }).response === "string" && Object.keys(output).length === 1;
  if (!valid || Object.keys(geminiInput(call!.input)).some((key) => key !== "result") || JSON.stringify(output).includes("{{")) {
    return { agentUnmodelled: "a generalist turn other than one valid complete_task call ({result: {response: <string>}}) or text alone (the tools it runs, a refused completion)" };
  }
  return { agentOutcome: { reason: "GOAL", result: JSON.stringify(output, null, 2) } };
}

/**
 * The observation of a call naming an agent the registry does not hold (`agentNotFound`; the
 * tool's createInvocation throws before the policy is asked, so in plan mode too), or of one the
 * profile cannot decide; null for a built-in agent. Arguments must have passed the schema.
 * @see docs/spec/gemini-cli-0.61.0.md §16.1, §16.4 [bundle: packages/core/src/agents/agent-tool.ts `createInvocation`] [observed: differential seed 28290, `Generalist` in plan mode]
 */
export async function unregisteredAgent(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown> | null> {
  const name = geminiInput(callInput).agent_name as string;
  if (GEMINI_BUILTIN_AGENTS.includes(name)) return null;
  const home = environment.agentEnv.HOME;
  const folders = [...AGENT_FOLDERS.map((folder) => `${environment.workspace}/${folder}`), ...(home ? AGENT_FOLDERS.map((folder) => `${home}/${folder}`) : [])];
  for (const folder of folders) {
    if ((await environment.stat(folder)).kind !== "missing") return { agentUnmodelled: "agents defined in the project's or the user's .gemini/agents folder" };
  }
  if (name === "browser_agent") return { agentUnmodelled: "the browser agent (registered only when enabled in the settings)" };
  return { agentNotFound: true };
}
