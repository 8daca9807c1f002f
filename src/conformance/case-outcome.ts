import type { ValueDifference } from "../golden/value-differences.js";
import { DEFAULT_UNSUPPORTED_BUDGET, exceedsUnsupportedBudget, type UnsupportedBudget } from "./unsupported-budget.js";

/** How one case ended (design: outcomes). */
export type CaseStatus = "pass" | "fail" | "xfail" | "unsupported" | "crash" | "timeout";

/** One case's result: plain data that every reporter renders. */
export interface CaseOutcome {
  id: string;
  profile: string;
  stage: string;
  /** The matrix column: the tool for format cases, else the stage. */
  area: string;
  protocols: string[];
  tags: string[];
  spec: string;
  level: string;
  status: CaseStatus;
  /** Why, in one line, when not a plain pass. */
  message?: string;
  /** gate: the earlier call of the same scenario this difference may follow from (its effect on the workspace differed or is unknown). */
  consequenceOf?: string;
  differences: ValueDifference[];
  /** The redacted actual value, when the subject produced one. */
  actual?: unknown;
  expected?: unknown;
  /** The case body as written (call, observation or history), for reports that show the input. */
  input?: unknown;
  /** What happened to the golden: matched, pending written, missing (CI), stale baseline entry. */
  golden: "matched" | "pending" | "missing" | "updated" | "none";
  durationMs: number;
}

/** Counts that every reporter prints, combined by pure functions. */
export interface RunSummary {
  total: number;
  pass: number;
  fail: number;
  xfail: number;
  unsupported: number;
  crash: number;
  timeout: number;
  pending: number;
  updated: number;
  durationMs: number;
}

export function summarize(outcomes: readonly CaseOutcome[], durationMs: number): RunSummary {
  const summary: RunSummary = { total: 0, pass: 0, fail: 0, xfail: 0, unsupported: 0, crash: 0, timeout: 0, pending: 0, updated: 0, durationMs };
  for (const outcome of outcomes) {
    summary.total++;
    summary[outcome.status]++;
    if (outcome.golden === "pending") summary.pending++;
    if (outcome.golden === "updated") summary.updated++;
  }
  return summary;
}

/**
 * Exit code of a run (README "Exit codes"): 1 when something does not conform (a failure, crash or
 * timeout); else 3 when more cases were unsupported than the budget allows (too little was judged to
 * call the run good); else 0.
 */
export function exitCodeOf(summary: RunSummary, budget: UnsupportedBudget = DEFAULT_UNSUPPORTED_BUDGET): number {
  if (summary.fail + summary.crash + summary.timeout > 0) return 1;
  return exceedsUnsupportedBudget(summary, budget) ? 3 : 0;
}

/** The longest outcome message kept: a subject's crash or unsupported message is cut past it (README "Limits"). */
export const MAX_MESSAGE_CHARS = 4096;

/** A message cut to MAX_MESSAGE_CHARS, saying how much was left out. */
export function boundedMessage(message: string): string {
  return message.length <= MAX_MESSAGE_CHARS ? message : `${message.slice(0, MAX_MESSAGE_CHARS)}… (${message.length - MAX_MESSAGE_CHARS} more characters)`;
}

/** The characters of messages one run keeps in full (README "Limits"); past it each is cut to REPORT_TAIL_CHARS. */
export const MAX_REPORT_MESSAGE_CHARS = 4 * 1024 * 1024;
const REPORT_TAIL_CHARS = 256;

/**
 * A budget for the messages of one run's outcomes: each outcome's message is kept as it is until
 * the run has kept MAX_REPORT_MESSAGE_CHARS of them, then cut to REPORT_TAIL_CHARS, saying so, so a
 * subject that fails every case with long messages cannot grow a report without bound.
 */
export function createReportMessageBudget(limit: number = MAX_REPORT_MESSAGE_CHARS): (outcome: CaseOutcome) => CaseOutcome {
  let kept = 0;
  return (outcome) => {
    if (outcome.message === undefined) return outcome;
    if (kept + outcome.message.length <= limit) {
      kept += outcome.message.length;
      return outcome;
    }
    kept = limit;
    if (outcome.message.length <= REPORT_TAIL_CHARS) return outcome;
    return { ...outcome, message: `${outcome.message.slice(0, REPORT_TAIL_CHARS)}… (cut: this run's messages reached ${limit} characters)` };
  };
}
