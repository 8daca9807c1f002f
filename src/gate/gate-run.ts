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

/** `correx gate`: every scenario in turn, the run going on past timeouts and crashes. */
export async function runGate(options: GateRunOptions): Promise<CheckRun> {
  const started = performance.now();
  const outcomes: CaseOutcome[] = [];
  for (const scenario of options.scenarios) {
    const runDirectory = mkdtempSync(join(options.workRoot, `${scenario.name}-${options.protocol}-`));
    const timeoutMs = Math.max(options.timeoutMs, (scenario.timeoutSeconds ?? 0) * 1000);
    const run = await runGateScenario({
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
