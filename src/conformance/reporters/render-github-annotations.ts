import type { CheckRun } from "../run-check.js";

const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** GitHub Actions workflow commands: one `::error` per failing case, on its golden file. */
export function renderGithubAnnotations(run: CheckRun, goldenFileOf: (id: string) => string): string {
  return run.outcomes
    .filter((outcome) => outcome.status === "fail" || outcome.status === "crash" || outcome.status === "timeout")
    .map(
      (outcome) =>
        `::error file=${escapeProperty(goldenFileOf(outcome.id))},title=${escapeProperty(`correx ${outcome.status}: ${outcome.id}`)}::${escapeData(`${outcome.message ?? outcome.status} (${outcome.spec})`)}\n`,
    )
    .join("");
}
