import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { type CaseOutcome, summarize } from "../conformance/case-outcome.js";
import type { CheckRun } from "../conformance/run-check.js";
import { InputError } from "../input/input-error.js";
import type { Protocol } from "../lower/lowering-result.js";
import { removeFolder } from "../process/remove-folder.js";
import type { Profile } from "../profiles/profile.js";
import type { Scenario } from "../scenario/scenario.js";
import type { GateComparable } from "./gate-compare.js";
import { createGateJobSlots, type GateJobSlots } from "./gate-job-slots.js";
import type { ReplayConfinement } from "./gate-replay-environment.js";
import { type GateScenarioRun, runGateScenario } from "./gate-run-scenario.js";

export interface GateRunOptions {
  profile: Profile;
  protocol: Protocol;
  scenarios: Scenario[];
  command: readonly string[];
  configTemplate?: { text: string; name: string };
  model: string;
  /** Where each scenario gets its run directory. */
  workRoot: string;
  /**
   * Keep each scenario's run directory (`--keep`). Otherwise it is removed as soon as its scenario
   * is done, and at exit when correx is stopped mid-run: a given `--work-dir` is the user's, and
   * a campaign's disk use stays that of the scenarios running.
   */
  keepRunDirectories?: boolean;
  /** Per-scenario deadline (a scenario's own timeoutSeconds wins when larger). */
  timeoutMs: number;
  modalities?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** `--against golden`: the golden fragments of a scenario (null when it has none yet). */
  goldenOf?: (scenario: Scenario) => Record<string, GateComparable> | null;
  /** How many scenarios run at once (default 1). */
  jobs?: number;
  /** Slots shared with other runs (one per protocol), instead of `jobs` of its own. */
  slots?: GateJobSlots;
  /** Where the scripted calls are replayed (default: in a sandbox). */
  replay?: ReplayConfinement;
  /** Run each agent in a sandbox of its own (`--sandbox`). */
  sandbox?: boolean;
  /** Called when a scenario's agent is about to start (live progress). */
  onStart?: (scenario: Scenario) => void;
  /** Called after each scenario, in scenario order (golden recording, progress). */
  onScenario?: (scenario: Scenario, run: GateScenarioRun) => CaseOutcome[] | undefined;
}

/**
 * One scenario, never throwing: a failure inside correx (not the agent's) becomes one outcome
 * saying so, a crash (so the run exits 1: an internal error is a bug, never a pass), and the run
 * goes on with the next scenario. Bad scenarios are refused before the run (exit 2); one the
 * checks let through and the file system refuses is a crash naming the scenario's problem.
 */
async function runGateScenarioSafely(options: Parameters<typeof runGateScenario>[0]): Promise<GateScenarioRun> {
  try {
    return await runGateScenario(options);
  } catch (error) {
    const message = InputError.isInstance(error)
      ? `the scenario's workspace cannot be set up: ${error.message}`
      : `internal error in correx while running this scenario (not the agent's fault): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return {
      outcomes: [
        {
          id: `${options.scenario.name}/${options.protocol}/scenario`,
          profile: options.profile.id,
          stage: "gate",
          area: "scenario",
          protocols: [options.protocol],
          tags: options.scenario.tags ?? [],
          spec: options.scenario.spec ?? "-",
          level: "must",
          status: "crash",
          message,
          differences: [],
          golden: "none",
          durationMs: 0,
        },
      ],
      actual: {},
      exit: { status: "exited", code: null, signal: null, durationMs: 0, outputTail: "" },
      requests: 0,
      outsideWrites: [],
      replayOutsideWrites: [],
    };
  }
}

/**
 * `correx gate`: every scenario, the run going on past timeouts, crashes and correx's own
 * failures. Up to `jobs` scenarios run at once, each with its own run directory, fake server
 * (its own port), workspace and agent process; outcomes, and the `onScenario` calls, come in
 * scenario order whatever order they finish in.
 */
export async function runGate(options: GateRunOptions): Promise<CheckRun> {
  const started = performance.now();
  const slots = options.slots ?? createGateJobSlots(options.jobs ?? 1);
  const finished: (CaseOutcome[] | undefined)[] = options.scenarios.map(() => undefined);
  const runs: (GateScenarioRun | undefined)[] = options.scenarios.map(() => undefined);
  let emitted = 0;
  // onScenario (progress lines, golden writes) is called in scenario order, as soon as every earlier scenario has been.
  const emitReady = () => {
    while (emitted < options.scenarios.length && runs[emitted] !== undefined) {
      const run = runs[emitted]!;
      finished[emitted] = options.onScenario?.(options.scenarios[emitted]!, run) ?? run.outcomes;
      emitted++;
    }
  };
  // The run directories of the scenarios running, removed at exit if correx is stopped mid-run
  // (SIGINT/SIGTERM/SIGHUP end it through process.exit, which skips the removal after each scenario).
  const live = new Set<string>();
  const removeLive = () => {
    for (const path of live) removeFolder(path);
  };
  if (!options.keepRunDirectories) process.on("exit", removeLive);
  const runOne = async (index: number) => {
    const scenario = options.scenarios[index]!;
    const runDirectory = mkdtempSync(join(options.workRoot, `${scenario.name}-${options.protocol}-`));
    live.add(runDirectory);
    const timeoutMs = Math.max(options.timeoutMs, (scenario.timeoutSeconds ?? 0) * 1000);
    options.onStart?.(scenario);
    runs[index] = await runGateScenarioSafely({
      profile: options.profile,
      protocol: options.protocol,
      scenario,
      command: options.command,
      configTemplate: options.configTemplate,
      model: options.model,
      runDirectory,
      timeoutMs,
      modalities: options.modalities,
      env: options.env,
      replay: options.replay,
      sandbox: options.sandbox,
      golden: options.goldenOf ? (options.goldenOf(scenario) ?? {}) : undefined,
    });
    // everything the report needs is in the run's outcomes: the folder is no longer read
    if (!options.keepRunDirectories) removeFolder(runDirectory);
    live.delete(runDirectory);
    emitReady();
  };
  // Every scenario is queued at once, in order; the slots start at most N of them at a time.
  try {
    await Promise.all(options.scenarios.map((_scenario, index) => slots.run(() => runOne(index))));
  } finally {
    process.off("exit", removeLive);
    removeLive();
  }
  const outcomes = finished.flatMap((list) => list ?? []);
  return { outcomes, summary: summarize(outcomes, performance.now() - started), allCaseIds: outcomes.map((outcome) => outcome.id) };
}
