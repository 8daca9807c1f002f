import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { summarize, type CaseOutcome } from "../conformance/case-outcome.js";
import type { CheckRun } from "../conformance/run-check.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { Profile } from "../profiles/profile.js";
import type { Scenario } from "../scenario/scenario.js";
import type { GateComparable } from "./gate-compare.js";
import { runGateScenario, type GateScenarioRun } from "./gate-run-scenario.js";

export interface GateRunOptions {
  profile: Profile;
  protocol: Protocol;
  scenarios: Scenario[];
  command: readonly string[];
  configTemplate?: { text: string; name: string };
  model: string;
  /** Where each scenario gets its run directory. */
  workRoot: string;
  /** Per-scenario deadline (a scenario's own timeoutSeconds wins when larger). */
  timeoutMs: number;
  modalities?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** `--against golden`: the golden fragments of a scenario (null when it has none yet). */
  goldenOf?: (scenario: Scenario) => Record<string, GateComparable> | null;
  /** Called after each scenario (golden recording, progress). */
  onScenario?: (scenario: Scenario, run: GateScenarioRun) => CaseOutcome[] | void;
}

/**
 * One scenario, never throwing: a failure inside correx (not the agent's) becomes one outcome
 * saying so, and the run goes on with the next scenario.
 */
async function runGateScenarioSafely(options: Parameters<typeof runGateScenario>[0]): Promise<GateScenarioRun> {
  try {
    return await runGateScenario(options);
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      outcomes: [
        {
          id: `${options.scenario.name}/${options.protocol}/scenario`,
          profile: options.profile.id,
          stage: "gate",
          area: "scenario",
          protocols: [options.protocol],
          tags: options.scenario.tags ?? [],
          spec: options.scenario.spec,
          level: "must",
          status: "unsupported",
          message: `internal error in correx while running this scenario (not the agent's fault): ${message}`,
          differences: [],
          golden: "none",
          durationMs: 0,
        },
      ],
      actual: {},
      exit: { status: "exited", code: null, signal: null, durationMs: 0, outputTail: "" },
      requests: 0,
    };
  }
}

/** `correx gate`: every scenario in turn, the run going on past timeouts, crashes and correx's own failures. */
export async function runGate(options: GateRunOptions): Promise<CheckRun> {
  const started = performance.now();
  const outcomes: CaseOutcome[] = [];
  for (const scenario of options.scenarios) {
    const runDirectory = mkdtempSync(join(options.workRoot, `${scenario.name}-${options.protocol}-`));
    const timeoutMs = Math.max(options.timeoutMs, (scenario.timeoutSeconds ?? 0) * 1000);
    const run = await runGateScenarioSafely({
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
      golden: options.goldenOf ? (options.goldenOf(scenario) ?? {}) : undefined,
    });
    const replaced = options.onScenario?.(scenario, run);
    outcomes.push(...(replaced ?? run.outcomes));
  }
  return { outcomes, summary: summarize(outcomes, performance.now() - started), allCaseIds: outcomes.map((outcome) => outcome.id) };
}
