import { readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir, repoRoot } from "./run-cli.js";

// The built modules: worker threads run dist/cli/check-worker.js (`npm test` builds first).
const dist = (path: string) => import(join(repoRoot, "dist", path));
const { runCheckInWorkers, checkLaneCount } = await dist("cli/check-in-workers.js");
const { runCheck } = await dist("conformance/run-check.js");
const { createReferenceSubject } = await dist("conformance/reference-subject.js");
const { nodeGoldenPort } = await dist("golden/node-golden-port.js");

/** Twelve real cases of three profiles, one golden changed (a failure), one golden missing. */
function corpus(): string {
  const ids = [
    ...readdirSync(join(repoRoot, "fixtures/cases/opencode-cli/bash"))
      .slice(0, 5)
      .map((file) => `opencode-cli/bash/${file.replace(/\.yaml$/, "")}`),
    ...readdirSync(join(repoRoot, "fixtures/cases/opencode-core/truncate"))
      .slice(0, 4)
      .map((file) => `opencode-core/truncate/${file.replace(/\.yaml$/, "")}`),
    ...readdirSync(join(repoRoot, "fixtures/cases/claude-code/read"))
      .slice(0, 3)
      .map((file) => `claude-code/read/${file.replace(/\.yaml$/, "")}`),
  ];
  const root = makeCorpus(ids);
  const changed = join(root, "golden", `${ids[1]}.yaml`);
  writeFileSync(changed, readFileSync(changed, "utf8").replace(/\nexpected:/, "\nexpected:\n  extra: 1"));
  unlinkSync(join(root, "golden", `${ids[7]}.yaml`));
  return root;
}

const options = (root: string, extra: Record<string, unknown> = {}) => ({
  port: nodeGoldenPort,
  location: { casesRoot: join(root, "fixtures/cases"), goldenRoot: join(root, "golden") },
  filter: { profiles: [], protocols: [], stages: [], tags: [], caseGlobs: [] },
  subject: createReferenceSubject(),
  update: "none",
  outputDir: makeTempDir("correx-output-"),
  timeoutMs: 10_000,
  keepPassingValues: false,
  ...extra,
});

/** What must be the same whichever lanes ran a case (not its duration). */
const comparable = (run: { outcomes: Record<string, unknown>[]; allCaseIds: string[] }) => ({
  outcomes: run.outcomes.map(({ durationMs: _durationMs, ...rest }) => rest),
  allCaseIds: run.allCaseIds,
});

describe("correx check in worker lanes (issue 32: a pool sized to the machine, results in the same order)", () => {
  it("gives the outcomes, their order, progress calls and case ids of a single lane, with 2 and 3 lanes", async () => {
    const root = corpus();
    const serialProgress: string[] = [];
    const serial = await runCheck(options(root, { onOutcome: (outcome: { id: string }, done: number, total: number) => serialProgress.push(`${done}/${total} ${outcome.id}`) }));
    const statusOf = (id: string) => serial.outcomes.find((outcome: { id: string }) => outcome.id === id)?.status;
    expect([statusOf("opencode-cli/bash/at-limits-unchanged"), statusOf("opencode-core/truncate/bytes-marker-plus-5"), statusOf("opencode-cli/bash/abort")]).toEqual(["fail", "fail", "pass"]);
    for (const lanes of [2, 3]) {
      const progress: string[] = [];
      const parallel = await runCheckInWorkers(options(root, { onOutcome: (outcome: { id: string }, done: number, total: number) => progress.push(`${done}/${total} ${outcome.id}`) }), lanes);
      expect(comparable(parallel)).toEqual(comparable(serial));
      expect(progress).toEqual(serialProgress);
      expect(parallel.summary).toMatchObject({ total: 12, pass: serial.summary.pass, fail: serial.summary.fail });
    }
  });

  it("filters, shards and applies a baseline as a single lane does, and writes pending goldens from the lane that ran the case", async () => {
    const root = corpus();
    const filter = { profiles: [], protocols: [], stages: [], tags: [], caseGlobs: ["opencode-*/**"], shard: { index: 1, count: 2 } };
    const serial = await runCheck(options(root, { filter }));
    const failing = serial.outcomes.filter((outcome: { status: string }) => outcome.status === "fail").map((outcome: { id: string }) => outcome.id);
    const pendingSerial = makeTempDir("correx-pending-");
    const pendingParallel = makeTempDir("correx-pending-");
    const baseline = new Set(failing.slice(0, 1));
    const a = await runCheck(options(root, { filter, baseline, update: "pending", pendingRoot: pendingSerial }));
    const b = await runCheckInWorkers(options(root, { filter, baseline, update: "pending", pendingRoot: pendingParallel }), 3);
    const withoutPaths = (run: ReturnType<typeof comparable>) => JSON.parse(JSON.stringify(run).replaceAll(pendingSerial, "P").replaceAll(pendingParallel, "P"));
    expect(withoutPaths(comparable(b))).toEqual(withoutPaths(comparable(a)));
    const pendingFiles = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((entry) => entry.endsWith(".new")).sort();
    expect(pendingFiles(pendingParallel)).toEqual(pendingFiles(pendingSerial));
    expect(pendingFiles(pendingParallel).length).toBeGreaterThan(0);
    for (const file of pendingFiles(pendingSerial)) expect(readFileSync(join(pendingParallel, file), "utf8")).toBe(readFileSync(join(pendingSerial, file), "utf8"));
  });

  it("runs and compares cases while other files still load, and applies the filter, baseline and pending writes as a single lane does", async () => {
    const root = corpus();
    // no --shard: each case can be matched alone, so lanes compare their cases as soon as they have loaded them
    const filter = { profiles: [], protocols: [], stages: [], tags: [], caseGlobs: ["opencode-*/**"] };
    const serialRun = await runCheck(options(root, { filter }));
    const failing = serialRun.outcomes.filter((outcome: { status: string }) => outcome.status === "fail").map((outcome: { id: string }) => outcome.id);
    const baseline = new Set(failing.slice(0, 1));
    const pendingSerial = makeTempDir("correx-pending-");
    const pendingParallel = makeTempDir("correx-pending-");
    const a = await runCheck(options(root, { filter, baseline, update: "pending", pendingRoot: pendingSerial }));
    const b = await runCheckInWorkers(options(root, { filter, baseline, update: "pending", pendingRoot: pendingParallel }), 3);
    const withoutPaths = (run: ReturnType<typeof comparable>) => JSON.parse(JSON.stringify(run).replaceAll(pendingSerial, "P").replaceAll(pendingParallel, "P"));
    expect(withoutPaths(comparable(b))).toEqual(withoutPaths(comparable(a)));
    const pendingFiles = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((entry) => entry.endsWith(".new")).sort();
    expect(pendingFiles(pendingParallel)).toEqual(pendingFiles(pendingSerial));
    expect(pendingFiles(pendingParallel).length).toBeGreaterThan(0);
  });

  it("writes nothing when a case file is broken, though lanes compared cases before they met it", async () => {
    const root = corpus();
    const files = (readdirSync(join(root, "fixtures/cases"), { recursive: true }) as string[]).filter((entry) => entry.endsWith(".yaml")).sort();
    writeFileSync(join(root, "fixtures/cases", files[files.length - 1]!), "profile: [unclosed\n");
    const pending = makeTempDir("correx-pending-");
    const error = await runCheckInWorkers(options(root, { update: "pending", pendingRoot: pending }), 2).catch((thrown: Error) => thrown);
    expect((error as { file: string }).file).toBe(join(root, "fixtures/cases", files[files.length - 1]!));
    expect(readdirSync(pending, { recursive: true })).toEqual([]);
  });

  it("throws the error of the first broken case file in file order, whichever lane read it", async () => {
    const root = corpus();
    const files = (readdirSync(join(root, "fixtures/cases"), { recursive: true }) as string[]).filter((entry) => entry.endsWith(".yaml")).sort();
    // the 5th and 4th files: with 2 lanes lane 0 reads the 5th, lane 1 the 4th (which comes first)
    for (const index of [4, 3]) writeFileSync(join(root, "fixtures/cases", files[index]!), "profile: [unclosed\n");
    const serial = await runCheck(options(root)).catch((error: Error) => error);
    const parallel = await runCheckInWorkers(options(root), 2).catch((error: Error) => error);
    expect(serial).toBeInstanceOf(Error);
    expect(`${(parallel as Error).name}: ${(parallel as { render(): string }).render()}`).toBe(`${(serial as Error).name}: ${(serial as { render(): string }).render()}`);
    expect((parallel as { file: string }).file).toBe(join(root, "fixtures/cases", files[3]!));
  });

  it("sizes the pool to the machine: one lane for a small corpus, never more lanes than cores", () => {
    expect(checkLaneCount(12, 8)).toBe(1);
    expect(checkLaneCount(674, 2)).toBe(2);
    expect(checkLaneCount(6740, 2)).toBe(2);
    expect(checkLaneCount(6740, 1)).toBe(1);
    expect(checkLaneCount(674, 64)).toBe(4);
  });

  // The bin starts a worker lane before the CLI loads (src/cli/correx.cts) and leaves it under this symbol.
  const earlySlot = globalThis as Record<symbol, unknown>;
  const earlyKey = Symbol.for("correx.check.earlyWorker");
  const startEarly = () => {
    const worker = new Worker(join(repoRoot, "dist/cli/bundle/cli/check-worker.cjs"), { workerData: null });
    worker.unref();
    const seen = { replies: 0, exited: new Promise<number>((resolve) => worker.once("exit", resolve)) };
    worker.on("message", () => seen.replies++);
    earlySlot[earlyKey] = worker;
    return seen;
  };

  it("runs a lane in the worker the bin started early (its plan comes in a begin message): the same outcomes, and the worker ends with the run", async () => {
    const root = corpus();
    const serial = await runCheck(options(root));
    const early = startEarly();
    const laned = await runCheckInWorkers(options(root), 2);
    expect(comparable(laned)).toEqual(comparable(serial));
    expect(earlySlot[earlyKey]).toBeUndefined();
    expect(early.replies).toBeGreaterThan(0);
    await early.exited;
  });

  it("ends the early worker unused when one lane is enough", async () => {
    const root = corpus();
    const early = startEarly();
    const run = await runCheckInWorkers(options(root), 1);
    expect(run.outcomes).toHaveLength(12);
    expect(earlySlot[earlyKey]).toBeUndefined();
    await early.exited;
    expect(early.replies).toBe(0);
  });
});
