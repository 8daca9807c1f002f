import type { CaseOutcome } from "../conformance/case-outcome.js";
import type { UpdateBehavior } from "../conformance/update-policy.js";
import type { GoldenPort } from "../golden/golden-port.js";
import { parseGoldenYaml, stringifyGoldenYaml } from "../golden/golden-yaml.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { Scenario } from "../scenario/scenario.js";
import { escapeControl } from "../text/escape-control.js";
import type { GateComparable } from "./gate-compare.js";
import type { GateScenarioRun } from "./gate-run-scenario.js";

/** Where a scenario × protocol golden of `--against golden` lives. */
export const gateGoldenPath = (goldenDir: string, scenario: string, protocol: Protocol) => `${goldenDir}/${scenario}/${protocol}.yaml`;

/** The recorded fragments by call id, or null when there is no golden yet. */
export function loadGateGolden(port: GoldenPort, path: string): Record<string, GateComparable> | null {
  const text = port.read(path);
  if (text === null) return null;
  const document = parseGoldenYaml(text) as { expected?: Record<string, GateComparable> } | null;
  return document?.expected ?? {};
}

/** The golden document for a scenario × protocol: the redacted fragments the agent sent, by call id. */
export function gateGoldenDocument(scenario: Scenario, protocol: Protocol, expected: Record<string, GateComparable>, source?: Record<string, unknown>): string {
  return stringifyGoldenYaml({ correx: "golden/1", case: `${scenario.name}/${protocol}`, spec: scenario.spec ?? "-", ...(source ? { source } : {}), expected });
}

/**
 * The golden rules of `correx check` for a gate run against goldens: all calls match → any pending
 * file is removed; otherwise `pending` writes `<golden>.yaml.new` with what the agent sent now,
 * `in-place` rewrites the golden, and `none` (CI) writes nothing and a missing golden fails.
 */
export function applyGateGolden(port: GoldenPort, options: { path: string; scenario: Scenario; protocol: Protocol; profile: string; run: GateScenarioRun; update: UpdateBehavior }): CaseOutcome[] {
  const { path, run } = options;
  const pendingPath = `${path}.new`;
  const exists = port.read(path) !== null;
  const changed = run.outcomes.some((outcome) => outcome.status === "fail" && outcome.actual !== undefined);
  if (!changed) {
    if (options.update !== "none") port.remove(pendingPath);
    return run.outcomes;
  }
  switch (options.update) {
    case "none":
      return run.outcomes.map((outcome) => (exists || outcome.status !== "fail" ? outcome : { ...outcome, golden: "missing", message: "no golden (nothing is written under CI)" }));
    case "in-place":
      port.writeAtomic(path, gateGoldenDocument(options.scenario, options.protocol, run.actual));
      port.remove(pendingPath);
      return run.outcomes.map((outcome) => (outcome.status === "fail" && outcome.actual !== undefined ? { ...outcome, status: "pass", golden: "updated", message: "golden updated" } : outcome));
    case "pending":
      port.writeAtomic(pendingPath, gateGoldenDocument(options.scenario, options.protocol, run.actual, { profile: options.profile, stage: "gate", protocols: [options.protocol] }));
      return run.outcomes.map((outcome) =>
        outcome.status === "fail" && outcome.actual !== undefined
          ? { ...outcome, golden: "pending", message: `${outcome.message ?? "changed"}; pending golden written: ${escapeControl(pendingPath, true)}` }
          : outcome,
      );
    default: {
      const _exhaustive: never = options.update;
      return _exhaustive;
    }
  }
}
