import { renderDifference } from "../../golden/render-difference.js";
import { escapeControl } from "../../text/escape-control.js";
import type { CaseOutcome } from "../case-outcome.js";
import type { CheckRun } from "../run-check.js";
import { judgedCount, percentOf } from "../unsupported-budget.js";
import type { RunMetadata } from "./run-metadata.js";

const MAX_DIFFERENCES_SHOWN = 5;

/** Styles text for a terminal (the CLI passes util.styleText when colour is on); the default leaves it plain. */
export type ReportPaint = (style: "red" | "green" | "yellow" | "magenta" | "cyan" | "bold" | "dim", text: string) => string;
const plain: ReportPaint = (_style, text) => text;

const statusStyle = { pass: "green", fail: "red", xfail: "dim", unsupported: "dim", crash: "magenta", timeout: "yellow" } as const;

/** A unified-diff line coloured by its sign (the lines come indented). */
function paintDiffLine(line: string, paint: ReportPaint): string {
  const body = line.trimStart();
  if (body.startsWith("--- ") || body.startsWith("+++ ")) return paint("bold", line);
  if (body.startsWith("@@")) return paint("cyan", line);
  if (body.startsWith("-")) return paint("red", line);
  if (body.startsWith("+")) return paint("green", line);
  return line;
}

/** One outcome's details for a person: status line, message, then visible-whitespace diffs. */
export function renderOutcomeDetails(outcome: CaseOutcome, paint: ReportPaint = plain): string {
  // Messages quote subjects and agents (their output tails): control bytes are shown escaped, never sent to the terminal.
  const lines = [
    `${paint(statusStyle[outcome.status], paint("bold", outcome.status.toUpperCase()))} ${escapeControl(outcome.id, true)}  (${escapeControl(outcome.spec, true)})${outcome.message ? `: ${escapeControl(outcome.message)}` : ""}`,
  ];
  for (const difference of outcome.differences.slice(0, MAX_DIFFERENCES_SHOWN)) {
    lines.push(
      renderDifference(difference)
        .split("\n")
        .map((line) => paintDiffLine(`  ${line}`, paint))
        .join("\n"),
    );
  }
  if (outcome.differences.length > MAX_DIFFERENCES_SHOWN) lines.push(`  … ${outcome.differences.length - MAX_DIFFERENCES_SHOWN} more differences`);
  return lines.join("\n");
}

/** Unsupported cases grouped by their reason (the rule the subject does not model), in first-seen order. */
function unsupportedReasons(outcomes: readonly CaseOutcome[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const outcome of outcomes) {
    if (outcome.status !== "unsupported") continue;
    const reason = escapeControl(outcome.message ?? "no reason given", true);
    groups.set(reason, [...(groups.get(reason) ?? []), outcome.id]);
  }
  return groups;
}

/** The human report: every non-passing case with its diff, a profile × area table, the totals. */
export function renderPrettyReport(run: CheckRun, metadata: RunMetadata, paint: ReportPaint = plain): string {
  const out: string[] = [];
  for (const outcome of run.outcomes) {
    if (outcome.status !== "pass" && outcome.status !== "unsupported") out.push(renderOutcomeDetails(outcome, paint), "");
  }
  const unsupported = unsupportedReasons(run.outcomes);
  for (const [reason, ids] of unsupported) {
    const example = ids.length === 1 ? ids[0] : `${ids[0]} and ${ids.length - 1} more`;
    out.push(paint("dim", `UNSUPPORTED ${ids.length} case${ids.length === 1 ? "" : "s"}: ${reason} (${example})`));
  }
  if (unsupported.size > 0) out.push("");
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
  table.forEach((row, index) => {
    const cells = row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])));
    // a non-zero count in a row is coloured by its outcome; the header is bold
    out.push(
      (index === 0 ? cells.map((cell) => paint("bold", cell)) : cells.map((cell, column) => (column >= 3 && row[column] !== "0" ? paint(statusStyle[statuses[column - 3]!], cell) : cell))).join("  "),
    );
  });
  const s = run.summary;
  const count = (n: number, text: string, style: Parameters<ReportPaint>[0]) => (n > 0 ? paint(style, text) : text);
  out.push(
    "",
    `${s.total} case${s.total === 1 ? "" : "s"}: ${count(s.pass, `${s.pass} passed`, "green")}, ${count(s.fail, `${s.fail} failed`, "red")}, ${s.xfail} xfail, ${s.unsupported} unsupported, ${count(s.crash, `${s.crash} crashed`, "magenta")}, ${count(s.timeout, `${s.timeout} timed out`, "yellow")}` +
      `; ${judgedCount(s)} of ${s.total} judged (${percentOf(judgedCount(s), s.total)})` +
      (s.pending
        ? `; ${s.pending} pending golden${s.pending === 1 ? "" : "s"} ${metadata.pendingDir ? `written to ${metadata.pendingDir} (outside the corpus; see them with npx correx golden review --pending-dir ${metadata.pendingDir}${metadata.reviewCommand?.includes(" --root ") ? ` --root ${metadata.reviewCommand.split(" --root ")[1]}` : ""})` : `to review (${metadata.reviewCommand ?? "npx correx golden review"})`}`
        : "") +
      (s.updated ? `; ${s.updated} golden${s.updated === 1 ? "" : "s"} updated` : "") +
      (run.notRun ? `; stopped at the first failure (--bail), ${run.notRun} case${run.notRun === 1 ? "" : "s"} not run` : "") +
      ` in ${(s.durationMs / 1000).toFixed(2)} s (subject: ${metadata.subject}${metadata.shard ? `, shard ${metadata.shard}` : ""})`,
  );
  return out.join("\n") + "\n";
}
