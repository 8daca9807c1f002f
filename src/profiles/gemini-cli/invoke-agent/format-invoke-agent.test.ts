import { describe, expect, it } from "vitest";
import { formatInvokeAgent } from "./format-invoke-agent.js";

// Expected texts: what Gemini CLI 0.61.0 sent (scenario gemini-session-tools, recorded with
// `correx gate --against golden`, 2026-12-06). docs/spec/gemini-cli-0.61.0.md §16.4
describe("gemini-cli invoke_agent (spec §16.4)", () => {
  it("refuses an agent the registry does not hold, and arguments its schema refuses", () => {
    expect(formatInvokeAgent({ agent_name: "nobody", prompt: "x" }, { agentNotFound: true })).toEqual({ response: { error: "Subagent 'nobody' not found." } });
    expect(formatInvokeAgent({ agent_name: "generalist" }, {})).toEqual({ response: { error: "params must have required property 'prompt'" } });
  });

  it("reports the generalist's outcome: GOAL with complete_task's output, else no complete_task call", () => {
    expect(formatInvokeAgent({ agent_name: "generalist", prompt: "p" }, { agentOutcome: { reason: "GOAL", result: '{\n  "response": "All done."\n}' } })).toEqual({
      response: { output: 'Subagent \'generalist\' finished.\nTermination Reason: GOAL\nResult:\n{\n  "response": "All done."\n}' },
    });
    expect(formatInvokeAgent({ agent_name: "generalist", prompt: "p" }, { agentOutcome: { reason: "ERROR_NO_COMPLETE_TASK_CALL" } })).toEqual({
      response: { output: "Subagent 'generalist' finished.\nTermination Reason: ERROR_NO_COMPLETE_TASK_CALL\nResult:\nAgent stopped calling tools but did not call 'complete_task'." },
    });
  });

  it("names the rule it does not model", () => {
    expect(() => formatInvokeAgent({ agent_name: "cli_help", prompt: "p" }, { agentUnmodelled: "the cli_help agent's run" })).toThrow(/invoke_agent: the cli_help agent's run is not modelled/);
  });
});
