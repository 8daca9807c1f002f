import type { CheckRun } from "../run-check.js";
import { judgedCount } from "../unsupported-budget.js";
import type { RunMetadata } from "./run-metadata.js";

/** One JSON line per case result, then one summary line (with the run's metadata). */
export function renderJsonReport(run: CheckRun, metadata: RunMetadata): string {
  const lines = run.outcomes.map((outcome) =>
    JSON.stringify({
      type: "case",
      id: outcome.id,
      status: outcome.status,
      profile: outcome.profile,
      stage: outcome.stage,
      area: outcome.area,
      protocols: outcome.protocols,
      tags: outcome.tags,
      spec: outcome.spec,
      level: outcome.level,
      message: outcome.message,
      golden: outcome.golden,
      durationMs: Math.round(outcome.durationMs * 1000) / 1000,
      differences: outcome.differences,
    }),
  );
  lines.push(JSON.stringify({ type: "summary", ...run.summary, judged: judgedCount(run.summary), ...(run.notRun ? { notRun: run.notRun } : {}), metadata }));
  return lines.join("\n") + "\n";
}
