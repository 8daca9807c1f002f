import type { CaseOutcome, CaseStatus } from "../conformance/case-outcome.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { Profile } from "../profiles/profile.js";
import type { Scenario } from "../scenario/scenario.js";
import type { AgentExit } from "./gate-agent-process.js";
import { compareGateFragments, type GateComparable } from "./gate-compare.js";
import type { ScriptedCall } from "./gate-scripted-calls.js";

/** What an outcome of a gate run says about where it came from. */
export interface GateOutcomeContext {
  profile: Profile;
  protocol: Protocol;
  scenario: Scenario;
  timeoutMs: number;
  /** Expected fragments came from goldens. */
  golden: boolean;
}

/** An outcome of a scenario's run (one call, its requests, or the scenario as a whole). */
export function gateOutcome(context: GateOutcomeContext, id: string, area: string, status: CaseStatus, message?: string): CaseOutcome {
  return {
    id,
    profile: context.profile.id,
    stage: "gate",
    area,
    protocols: [context.protocol],
    tags: context.scenario.tags ?? [],
    spec: context.scenario.spec ?? "-",
    level: "must",
    status,
    ...(message === undefined ? {} : { message }),
    differences: [],
    golden: "none",
    durationMs: 0,
  };
}

/** One call's outcome: pass, fail with the differing bytes, or what became of the agent. */
export function callOutcome(context: GateOutcomeContext, call: ScriptedCall, expected: GateComparable | undefined, actual: GateComparable | undefined, exit: AgentExit): CaseOutcome {
  const id = `${context.scenario.name}/${context.protocol}/${call.id}`;
  const label = `call ${call.id} ${call.tool} ${shownInput(call.input)}`;
  const base = { ...gateOutcome(context, id, call.tool, "pass"), durationMs: exit.durationMs };
  if (actual === undefined) {
    const agentState = exit.status === "timeout" ? "timeout" : exit.status === "spawn-error" || exit.code !== 0 ? "crash" : "fail";
    const why =
      exit.status === "timeout"
        ? `the agent was killed after ${context.timeoutMs} ms before sending the result of ${label}`
        : exit.status === "spawn-error" || exit.code !== 0
          ? `the agent ended (${exit.status === "spawn-error" ? "could not start" : exit.signal ? `signal ${exit.signal}` : `exit ${exit.code}`}) without sending the result of ${label}; its output ended with:${outputTail(exit.outputTail)}`
          : `the agent never sent the result of ${label}`;
    return { ...base, status: agentState, message: why };
  }
  if (expected === undefined) {
    return { ...base, status: "fail", message: `no expected result for ${label} (golden missing)`, actual, golden: context.golden ? "missing" : "none" };
  }
  const comparison = compareGateFragments(expected, actual);
  if (comparison.equal) return { ...base, actual, expected, golden: context.golden ? "matched" : "none" };
  return { ...base, status: "fail", message: `${label}: ${comparison.firstByte}`, differences: comparison.differences, actual, expected };
}

/** Lines and characters of an agent's output a crash message quotes: enough for a stack trace's head, bounded. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2000;

/** The end of a crashed agent's output for its report: the last TAIL_LINES non-empty lines, at most TAIL_CHARS characters, quoted. */
function outputTail(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
  let tail = lines.slice(-TAIL_LINES).join("\n");
  if (tail.length > TAIL_CHARS) tail = `…${tail.slice(-TAIL_CHARS)}`;
  return lines.length === 0 ? " (nothing)" : `\n${tail}`;
}

/** A call's arguments as its outcome's message names them: JSON, cut past SHOWN_INPUT_CHARS (a scenario's input may be megabytes). */
const SHOWN_INPUT_CHARS = 300;
function shownInput(input: unknown): string {
  const text = JSON.stringify(input) ?? "undefined";
  return text.length <= SHOWN_INPUT_CHARS ? text : `${text.slice(0, SHOWN_INPUT_CHARS)}… (${text.length} characters)`;
}
