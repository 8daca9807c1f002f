import type { CaseOutcome } from "../conformance/case-outcome.js";
import { type CorpusFilter, filterCases } from "../conformance/corpus-filter.js";
import { type IssueExplainer, loadCases } from "../conformance/load-corpus.js";
import type { LoadedCase } from "../conformance/loaded-case.js";
import { type CheckOptions, type ComparedCase, checkCase, finishCase, runCaseAgainstGolden } from "../conformance/run-check.js";
import { caseFactsOf } from "./check-lane-messages.js";

/** The board's second cell while no lane has met a broken case file. */
export const NO_BROKEN_FILE = 0x7fffffff;

/**
 * What every lane of one `correx check` run shares: the case files, how many a lane takes at a
 * time, and the board (an Int32Array on a SharedArrayBuffer): cell 0 is the next chunk to claim,
 * cell 1 the lowest index of a broken case file seen so far. `speculate` is the filter when each
 * case can be matched alone (no `--shard`, which needs the whole list): a lane then runs and
 * compares its matching cases as soon as it has loaded them, writing nothing until the run goes ahead.
 */
export interface LanePlan {
  relatives: string[];
  chunk: number;
  board: Int32Array;
  speculate: CorpusFilter | null;
}

/** A new board for `lanes` lanes: nothing claimed, nothing broken. */
export function createLaneBoard(): Int32Array {
  const board = new Int32Array(new SharedArrayBuffer(8));
  board[1] = NO_BROKEN_FILE;
  return board;
}

/** Files a lane claims at a time: small enough that lanes end together, large enough that claiming costs nothing. */
export const laneChunkSize = (files: number, lanes: number): number => Math.max(1, Math.min(16, Math.floor(files / (lanes * 8))));

type LaneCheckOptions = Omit<CheckOptions, "filter" | "onOutcome">;

/** One lane of `correx check` in worker lanes: the main thread's, or a worker's (check-worker.ts). */
export interface CheckLane {
  /**
   * Claims chunks of case files until none is left (or one before them was broken): loads each,
   * reports its facts, and (with `speculate`) runs and compares its matching cases. Stops at its
   * first broken file, reporting its index. `pause` lets the main thread's events in.
   */
  load(onChunk: (start: number, facts: ReturnType<typeof caseFactsOf>[]) => void, onBroken: (index: number, error: unknown) => void, pause?: () => Promise<void>): Promise<void>;
  /** The outcome of the lane's `local`-th loaded case, the update behaviour applied (the case is run now if it was not yet). */
  finish(local: number): Promise<CaseOutcome>;
}

export function createCheckLane(plan: LanePlan, options: LaneCheckOptions, explain?: IssueExplainer): CheckLane {
  const cases: (LoadedCase | undefined)[] = [];
  const compared: (ComparedCase | { error: unknown } | undefined)[] = [];
  const broken = () => Atomics.load(plan.board, 1) !== NO_BROKEN_FILE;
  const markBroken = (index: number) => {
    for (let seen = Atomics.load(plan.board, 1); index < seen; seen = Atomics.load(plan.board, 1)) {
      if (Atomics.compareExchange(plan.board, 1, seen, index) === seen) return;
    }
  };
  return {
    async load(onChunk, onBroken, pause) {
      for (;;) {
        const start = Atomics.add(plan.board, 0, 1) * plan.chunk;
        if (start >= plan.relatives.length || start > Atomics.load(plan.board, 1)) return;
        const end = Math.min(start + plan.chunk, plan.relatives.length);
        const first = cases.length;
        for (let index = start; index < end; index++) {
          try {
            cases.push(...(await loadCases(options.port, options.location, explain, [plan.relatives[index]!])));
          } catch (error) {
            markBroken(index);
            onBroken(index, error);
            return;
          }
        }
        onChunk(start, (cases.slice(first) as LoadedCase[]).map(caseFactsOf));
        if (plan.speculate) {
          for (let local = first; local < cases.length && !broken(); local++) {
            const testCase = cases[local]!;
            if (filterCases([testCase], plan.speculate).length === 0) continue;
            try {
              compared[local] = await runCaseAgainstGolden(testCase, options);
            } catch (error) {
              compared[local] = { error };
            }
            await pause?.();
          }
        }
        await pause?.();
      }
    },
    async finish(local) {
      const testCase = cases[local]!;
      const done = compared[local];
      // a finished case is not needed again: its body and values leave the heap
      cases[local] = undefined;
      compared[local] = undefined;
      if (done === undefined) return checkCase(testCase, options);
      if ("error" in done) throw done.error;
      return finishCase(testCase, done, options);
    },
  };
}
