import type { RunSummary } from "./case-outcome.js";

/**
 * How many unsupported cases (or gate tool results) a run may have and still count as good:
 * a count (`--max-unsupported 5`) or a share of the run (`--max-unsupported 10%`).
 */
export type UnsupportedBudget = { kind: "count"; count: number } | { kind: "percent"; percent: number };

/**
 * The default: none. A CI run is good only when every case was judged; a subject that implements
 * part of the ops, or a gate run that meets a rule its profile does not model, says how much it may
 * leave unjudged (README "Unsupported is never success by accident").
 */
export const DEFAULT_UNSUPPORTED_BUDGET: UnsupportedBudget = { kind: "count", count: 0 };

/** `N` (a whole number) or `P%` (0 … 100, decimals allowed); null for anything else. */
export function parseUnsupportedBudget(text: string): UnsupportedBudget | null {
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    return Number.isSafeInteger(count) ? { kind: "count", count } : null;
  }
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (percent && Number(percent[1]) <= 100) return { kind: "percent", percent: Number(percent[1]) };
  return null;
}

/** The budget as the flag is written. */
export const renderUnsupportedBudget = (budget: UnsupportedBudget): string => (budget.kind === "count" ? String(budget.count) : `${budget.percent}%`);

/** How many cases were judged: compared with their expectation (passed, failed or xfail). */
export const judgedCount = (summary: RunSummary): number => summary.pass + summary.fail + summary.xfail;

/** Whether the run left more unsupported than the budget allows. */
export function exceedsUnsupportedBudget(summary: RunSummary, budget: UnsupportedBudget): boolean {
  if (budget.kind === "count") return summary.unsupported > budget.count;
  return summary.total > 0 && summary.unsupported * 100 > budget.percent * summary.total;
}

/** A share of the run as people read it: whole percent, one decimal under 1 % and above 99 % so that 0 and 100 mean exactly that. */
export function percentOf(part: number, total: number): string {
  if (total === 0) return "0 %";
  const share = (part * 100) / total;
  if (share === 0 || share === 100) return `${share} %`;
  const shown = share < 1 || share > 99 ? share.toFixed(1) : String(Math.round(share));
  return `${shown === "100.0" ? "99.9" : shown === "0.0" ? "0.1" : shown} %`;
}

/** The one line that says why a run with nothing failed still is not good (exit 3), with the flag that would accept it. */
export function overBudgetMessage(command: string, summary: RunSummary, budget: UnsupportedBudget, noun: string): string {
  const judged = judgedCount(summary);
  return (
    `correx ${command}: ${summary.unsupported} of ${summary.total} ${noun} unsupported (${percentOf(summary.unsupported, summary.total)}), more than --max-unsupported ${renderUnsupportedBudget(budget)} allows; ` +
    `only ${judged} ${judged === 1 ? "was" : "were"} judged, so the run is not good (exit 3). ` +
    `To accept this, pass --max-unsupported ${summary.unsupported} (or ${Math.ceil((summary.unsupported * 1000) / summary.total) / 10}%)\n`
  );
}
