import { renderDifference } from "../../golden/render-difference.js";
import type { CaseOutcome } from "../case-outcome.js";
import type { CheckRun } from "../run-check.js";
import type { RunMetadata } from "./run-metadata.js";

const MAX_DIFFERENCES_SHOWN = 5;

/** One outcome's details for a person: status line, message, then visible-whitespace diffs. */
export function renderOutcomeDetails(outcome: CaseOutcome): string {
  const lines = [`${outcome.status.toUpperCase()} ${outcome.id}  (${outcome.spec})${outcome.message ? `: ${outcome.message}` : ""}`];
  for (const difference of outcome.differences.slice(0, MAX_DIFFERENCES_SHOWN)) {
    lines.push(renderDifference(difference).replace(/^/gm, "  "));
  }
  if (outcome.differences.length > MAX_DIFFERENCES_SHOWN) lines.push(`  … ${outcome.differences.length - MAX_DIFFERENCES_SHOWN} more differences`);
  return lines.join("\n");
}

/** The human report: every non-passing case with its diff, a profile × area table, the totals. */
export function renderPrettyReport(run: CheckRun, metadata: RunMetadata): string {
  const out: string[] = [];
  for (const outcome of run.outcomes) {
    if (outcome.status !== "pass" && outcome.status !== "unsupported") out.push(renderOutcomeDetails(outcome), "");
  }
  const rows = new Map<string, Record<string, number>>();
  for (const outcome of run.outcomes) {
    // a lower case counts once under each protocol it lowers to
    for (const protocol of outcome.protocols.length ? outcome.protocols : ["-"]) {
      const key = `${outcome.profile}\t${outcome.stage}\t${protocol}`;
      const row = rows.get(key) ?? {};
      row[outcome.status] = (row[outcome.status] ?? 0) + 1;
      rows.set(key, row);
    }
  }
  const statuses = ["pass", "fail", "xfail", "unsupported", "crash", "timeout"] as const;
  const table = [["profile", "stage", "protocol", ...statuses]];
  for (const [key, row] of [...rows].sort()) table.push([...key.split("\t"), ...statuses.map((status) => String(row[status] ?? 0))]);
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const row of table) out.push(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
  const s = run.summary;
  out.push(
    "",
    `${s.total} case${s.total === 1 ? "" : "s"}: ${s.pass} passed, ${s.fail} failed, ${s.xfail} xfail, ${s.unsupported} unsupported, ${s.crash} crashed, ${s.timeout} timed out` +
      (s.pending
        ? `; ${s.pending} pending golden${s.pending === 1 ? "" : "s"} ${metadata.pendingDir ? `written to ${metadata.pendingDir} (outside the corpus)` : "to review (correx golden review)"}`
        : "") +
      (s.updated ? `; ${s.updated} golden${s.updated === 1 ? "" : "s"} updated` : "") +
      ` in ${(s.durationMs / 1000).toFixed(2)} s (subject: ${metadata.subject}${metadata.shard ? `, shard ${metadata.shard}` : ""})`,
  );
  return out.join("\n") + "\n";
}
