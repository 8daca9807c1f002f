import type { CaseOutcome, RunSummary } from "../case-outcome.js";
import type { CheckRun } from "../run-check.js";
import { judgedCount } from "../unsupported-budget.js";
import type { RunMetadata } from "./run-metadata.js";

/** One JSON line per case result, then one summary line (with the run's metadata). */
export function renderJsonReport(run: CheckRun, metadata: RunMetadata): string {
  const lines = run.outcomes.map(renderJsonCaseLine);
  lines.push(renderJsonSummaryLine(run.summary, metadata, run.notRun));
  return lines.join("\n") + "\n";
}

/** What a report file may add to an outcome (gate runs: the scenario file, the golden, the command that reruns it). */
export interface JsonReportFacts {
  caseFile?: string;
  goldenFile?: string;
  goldenState?: string;
  reproduce?: string;
}

/**
 * A case's line of the json report (no newline): what a run streams as soon as the case is known.
 * The report facts, when the outcome has them, come last (correx merge-reports carries them into
 * the merged HTML report).
 */
export function renderJsonCaseLine(outcome: CaseOutcome & JsonReportFacts): string {
  return JSON.stringify({
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
    consequenceOf: outcome.consequenceOf,
    golden: outcome.golden,
    durationMs: Math.round(outcome.durationMs * 1000) / 1000,
    differences: outcome.differences,
    // What the agent sent, for a gate call whose differences do not carry it (a pass, an unsupported
    // call): the record of the run. Not for check's cases, whose actual values can be tens of MB.
    actual: outcome.stage === "gate" && outcome.differences.length === 0 ? outcome.actual : undefined,
    caseFile: outcome.caseFile,
    goldenFile: outcome.goldenFile,
    goldenState: outcome.goldenState,
    reproduce: outcome.reproduce,
  });
}

/** The json report's last line (no newline): the summary and the run's metadata. */
export function renderJsonSummaryLine(summary: RunSummary, metadata: RunMetadata, notRun?: number): string {
  return JSON.stringify({ type: "summary", ...summary, judged: judgedCount(summary), ...(notRun ? { notRun } : {}), metadata });
}
