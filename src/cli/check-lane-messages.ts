import type { CaseOutcome } from "../conformance/case-outcome.js";
import type { CaseFacts } from "../conformance/corpus-filter.js";
import type { CorpusLocation } from "../conformance/load-corpus.js";
import type { CheckOptions } from "../conformance/run-check.js";
import { InputError } from "../input/input-error.js";
import type { LanePlan } from "./check-lane.js";

/**
 * The messages between `correx check`'s main thread and a worker lane (src/cli/check-worker.ts):
 * the lane loads the chunks of case files it claims, sends the facts a filter reads, finishes the
 * cases it is told to, and sends each outcome as it is known.
 */

/** What a lane starts with (its workerData): the plan every lane shares and the run's options that cross threads. */
export interface LaneStart {
  location: CorpusLocation;
  plan: LanePlan;
  options: LaneOptions;
}

export type LaneOptions = Pick<CheckOptions, "update" | "pendingRoot" | "noWriteReason" | "updatedBy" | "outputDir" | "timeoutMs" | "keepPassingValues"> & { baseline?: string[] };

/** Main → a lane the bin started before the plan was known (src/cli/correx.cts): its plan, as workerData would have carried it. */
export interface LaneBegin {
  type: "begin";
  start: LaneStart;
}

/** Main → lane: finish these of its loaded cases (indexes in the order it loaded them), in this order. */
export interface LaneRun {
  type: "run";
  cases: number[];
}

/**
 * Lane → main. `loaded`: the facts of the chunk of case files from `start` on; `loadDone`: the
 * lane claims no more. `at` is a case file's index (loading) or an index into the run list (running).
 */
export type LaneReply =
  | { type: "loaded"; start: number; facts: CaseFacts[] }
  | { type: "loadDone" }
  | { type: "outcome"; at: number; outcome: CaseOutcome }
  | { type: "done" }
  | { type: "error"; phase: "load" | "run"; at: number; error: LaneError };

/** An error as it crosses threads: an InputError keeps its file, line and column. */
export interface LaneError {
  name: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  stack?: string;
}

export function toLaneError(error: unknown): LaneError {
  if (InputError.isInstance(error)) return { name: error.name, message: error.message, file: error.file, line: error.line, column: error.column };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "Error", message: String(error) };
}

export function fromLaneError(error: LaneError): Error {
  if (error.name === "InputError") return new InputError(error.message, error.file, error.line, error.column);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

/** The facts of a case a filter reads (what crosses back from a lane after loading). */
export const caseFactsOf = (testCase: CaseFacts): CaseFacts => ({
  id: testCase.id,
  profile: testCase.profile,
  stage: testCase.stage,
  protocols: testCase.protocols,
  tags: testCase.tags,
});
