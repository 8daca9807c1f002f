import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type CaseOutcome, summarize } from "../conformance/case-outcome.js";
import { type CaseFacts, filterCases } from "../conformance/corpus-filter.js";
import { listCaseFiles } from "../conformance/load-corpus.js";
import { type CheckOptions, type CheckRun, checkBaseline, runCheck } from "../conformance/run-check.js";
import { createCheckLane, createLaneBoard, type LanePlan, laneChunkSize } from "./check-lane.js";
import { fromLaneError, type LaneBegin, type LaneError, type LaneReply, type LaneRun, type LaneStart } from "./check-lane-messages.js";

/** Below this many case files per lane, a worker's start-up (its own module loading) costs more than it saves. */
const MIN_FILES_PER_LANE = 150;

/** How many lanes (the main thread and workers) a run of `files` case files gets on this machine. */
export function checkLaneCount(files: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.floor(files / MIN_FILES_PER_LANE)));
}

/**
 * The worker's module: its CommonJS bundle when the build made one (dist/cli/bundle/cli/, starts
 * without the ES module loader), else the module beside this one in dist/; none when running from
 * source (vitest), where only one lane runs. Bundled, this module's `import.meta.url` is still
 * its own file's under dist/cli/ (scripts/bundle-cli.mjs).
 */
const bundledWorker = new URL("./bundle/cli/check-worker.cjs", import.meta.url);
const workerFile = existsSync(bundledWorker) ? bundledWorker : new URL("./check-worker.js", import.meta.url);
const workersAvailable = import.meta.url.endsWith(".js");

/**
 * `correx check` against the in-process reference on every core. The main thread is lane 0, each
 * other lane a worker thread. Lanes claim chunks of case files in file order from a shared board
 * (check-lane.ts), so a lane that starts late or meets slow cases takes fewer; each loads and
 * schema-checks its chunks and, when each case can be matched alone (no `--shard`), runs and
 * compares the matching ones at once, writing nothing. When every file is loaded, the main thread
 * filters the facts exactly as runCheck does, and each lane finishes its selected cases (runs those
 * not run yet, writes goldens or pending files). Outcomes, progress and errors come in the order a
 * single lane gives: outcomes in the filtered order, the first broken case file in file order (then
 * the first broken golden in the filtered order) is the error thrown, and nothing is written before
 * every case file has loaded. `--bail` runs in one lane (it stops in the order of the cases).
 */
export async function runCheckInWorkers(options: CheckOptions, laneCount?: number): Promise<CheckRun> {
  const started = performance.now();
  const relatives = listCaseFiles(options.port, options.location);
  const lanes = laneCount ?? checkLaneCount(relatives.length);
  const early = takeEarlyWorker();
  if (lanes <= 1 || !workersAvailable || options.bail) {
    await early?.terminate();
    return runCheck(options);
  }
  const plan: LanePlan = {
    relatives,
    chunk: laneChunkSize(relatives.length, lanes),
    board: createLaneBoard(),
    speculate: options.filter.shard ? null : options.filter,
  };
  // Functions cannot cross to a worker: each lane explains schema issues with check's own suggestions.
  const { filter: _filter, onOutcome, port: _port, subject: _subject, explainIssue: _explain, location, baseline, bail: _bail, ...crossing } = options;
  const start: LaneStart = { location, plan, options: { ...crossing, baseline: baseline ? [...baseline] : undefined } };
  const workers = Array.from({ length: lanes - 1 }, (_, index) => {
    if (index > 0 || !early) return new Worker(workerFile, { workerData: start });
    early.postMessage({ type: "begin", start } satisfies LaneBegin);
    return early;
  });
  try {
    // Phase 1: lanes claim and load chunks; the first broken file in file order is the error.
    const loadErrors: { index: number; error: Error }[] = [];
    const facts: (CaseFacts | undefined)[] = relatives.map(() => undefined);
    const placeOf: { lane: number; local: number }[] = [];
    const loadedBy = Array.from({ length: lanes }, () => 0);
    const place = (lane: number) => (start: number, chunk: CaseFacts[]) =>
      chunk.forEach((fact, offset) => {
        facts[start + offset] = fact;
        placeOf[start + offset] = { lane, local: loadedBy[lane]++ };
      });
    const own = createCheckLane(plan, options, options.explainIssue);
    let turns = 0;
    // a turn of the event loop every few cases: workers' replies (and a signal) are handled during the run
    const pause = () => (++turns % 8 === 0 ? new Promise<void>((resolve) => setImmediate(resolve)) : Promise.resolve());
    const replies = workers.map((worker) => laneReplies(worker));
    await Promise.all([
      own.load(place(0), (index, error) => loadErrors.push({ index, error: error as Error }), pause),
      ...replies.map(async (next, workerIndex) => {
        const lane = workerIndex + 1;
        for (;;) {
          const reply = await next();
          if (reply.type === "loadDone") return;
          if (reply.type === "loaded") place(lane)(reply.start, reply.facts);
          else if (reply.type === "error") {
            loadErrors.push({ index: reply.at, error: fromLaneError(reply.error) });
            if (reply.phase === "run") return; // the worker died
          }
        }
      }),
    ]);
    if (loadErrors.length > 0) throw loadErrors.sort((a, b) => a.index - b.index)[0]!.error;
    const all = facts as CaseFacts[];
    checkBaseline(all, baseline);

    // Phase 2: each lane finishes its selected cases; outcomes are emitted in the selection's order.
    const positionOf = new Map(all.map((fact, index) => [fact, index]));
    const selected = filterCases(all, options.filter).map((fact) => positionOf.get(fact)!);
    const outcomes: (CaseOutcome | undefined)[] = selected.map(() => undefined);
    const runErrors: { position: number; error: Error }[] = [];
    let emitted = 0;
    const emit = () => {
      while (emitted < selected.length && outcomes[emitted] !== undefined) {
        emitted++;
        onOutcome?.(outcomes[emitted - 1]!, emitted, selected.length);
      }
    };
    const positionsOf = (lane: number) => selected.map((index, position) => ({ local: placeOf[index]!, position })).filter((item) => item.local.lane === lane);
    const ownRun = (async () => {
      const mine = positionsOf(0);
      for (let at = 0; at < mine.length; at++) {
        const { local, position } = mine[at]!;
        try {
          outcomes[position] = await own.finish(local.local);
        } catch (error) {
          runErrors.push({ position, error: error as Error });
          return;
        }
        emit();
        // let the workers' outcomes in between (progress), every few cases
        if (at % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all([
      ownRun,
      ...workers.map(async (worker, workerIndex) => {
        const mine = positionsOf(workerIndex + 1);
        worker.postMessage({ type: "run", cases: mine.map((item) => item.local.local) } satisfies LaneRun);
        for (;;) {
          const reply = await replies[workerIndex]!();
          if (reply.type === "done") return;
          if (reply.type === "error") runErrors.push({ position: reply.at < 0 ? -1 : mine[reply.at]!.position, error: fromLaneError(reply.error) });
          if (reply.type === "error") return;
          else if (reply.type === "outcome") {
            outcomes[mine[reply.at]!.position] = reply.outcome;
            emit();
          }
        }
      }),
    ]);
    if (runErrors.length > 0) throw runErrors.sort((a, b) => a.position - b.position)[0]!.error;
    emit();
    const done = outcomes as CaseOutcome[];
    return { outcomes: done, summary: summarize(done, performance.now() - started), allCaseIds: all.map((fact) => fact.id) };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The worker lane the bin started before the CLI loaded (src/cli/correx.cts), taken once; none
 * when it did not start one or it has already ended (a worker that failed to load is replaced).
 */
function takeEarlyWorker(): Worker | undefined {
  const slot = globalThis as Record<symbol, Worker | undefined>;
  const key = Symbol.for("correx.check.earlyWorker");
  const worker = slot[key];
  slot[key] = undefined;
  if (worker === undefined || worker.threadId === -1) return undefined;
  worker.ref();
  return worker;
}

/** The replies of a worker, one at a time; a worker that dies is an error reply (a crash inside correx). */
function laneReplies(worker: Worker): () => Promise<LaneReply> {
  const queue: LaneReply[] = [];
  let waiting: ((reply: LaneReply) => void) | null = null;
  const push = (reply: LaneReply) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(reply);
    } else queue.push(reply);
  };
  const died = (error: LaneError): LaneReply => ({ type: "error", phase: "run", at: -1, error });
  worker.on("message", push);
  worker.on("error", (error) => push(died({ name: error.name, message: `a check worker failed: ${error.message}`, stack: error.stack })));
  worker.on("exit", (code) => push(code === 0 ? { type: "done" } : died({ name: "Error", message: `a check worker exited with code ${code}` })));
  return () => {
    const next = queue.shift();
    if (next) return Promise.resolve(next);
    return new Promise((resolve) => (waiting = resolve));
  };
}
