import { renderDifference } from "../../golden/render-difference.js";
import type { CheckRun } from "../run-check.js";

const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** How many diff lines an annotation carries: enough to show the first difference, short enough for GitHub's annotation box. */
const MAX_DIFF_LINES = 40;

/**
 * GitHub Actions workflow commands: one `::error` per failing case, on its file (the golden for
 * `check`, the scenario for `gate`) given as `fileOf` returns it — repository-relative, since
 * GitHub places annotations by paths from the checkout's root — with the message and the first
 * lines of the case's diff.
 */
export function renderGithubAnnotations(run: CheckRun, fileOf: (id: string) => string): string {
  return run.outcomes
    .filter((outcome) => outcome.status === "fail" || outcome.status === "crash" || outcome.status === "timeout")
    .map((outcome) => {
      const diff = outcome.differences.flatMap((difference) => renderDifference(difference).split("\n"));
      const shown = diff.length > MAX_DIFF_LINES ? [...diff.slice(0, MAX_DIFF_LINES), `… ${diff.length - MAX_DIFF_LINES} more diff lines (see the job's log or the HTML report)`] : diff;
      const message = [`${outcome.message ?? outcome.status} (${outcome.spec})`, ...shown].join("\n");
      return `::error file=${escapeProperty(fileOf(outcome.id))},title=${escapeProperty(`correx ${outcome.status}: ${outcome.id}`)}::${escapeData(message)}\n`;
    })
    .join("");
}
