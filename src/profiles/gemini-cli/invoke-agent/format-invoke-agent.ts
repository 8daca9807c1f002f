import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";

/** The result the executor gives a run that ended without a complete_task call (after its recovery turn). @see spec §16.4 */
const NO_COMPLETE_TASK_RESULT = "Agent stopped calling tools but did not call 'complete_task'.";

/**
 * invoke_agent's result: the schema's refusal; `Subagent '<name>' not found.` (thrown by the
 * tool's createInvocation, sent as the error); or
 * `Subagent '<name>' finished.⏎Termination Reason: <reason>⏎Result:⏎<result>`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/agents/agent-tool.ts `AgentTool.createInvocation`, `DelegateInvocation`; local-executor.ts]
 */
export function formatInvokeAgent(callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError("invoke_agent", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const name = geminiInput(callInput).agent_name as string;
  if (observation.agentNotFound === true) return geminiError(`Subagent '${name}' not found.`);
  if (typeof observation.agentUnmodelled === "string") throw new UnsupportedError(`gemini-cli: invoke_agent: ${observation.agentUnmodelled} is not modelled (spec §16.4)`);
  const outcome = observation.agentOutcome as { reason: "GOAL" | "ERROR_NO_COMPLETE_TASK_CALL"; result?: string } | undefined;
  if (outcome === undefined) throw new UnsupportedError("gemini-cli: invoke_agent's outcome was not observed (a corpus case without the subagent's run; spec §16.4)");
  const result = outcome.reason === "GOAL" ? (outcome.result ?? "Task completed.") : NO_COMPLETE_TASK_RESULT;
  return geminiOutput(`Subagent '${name}' finished.\nTermination Reason: ${outcome.reason}\nResult:\n${result}`);
}
