import type { RunMetadata } from "../conformance/reporters/run-metadata.js";
import { renderCasePage } from "./html-report-case-page.js";
import { renderIndexPage } from "./html-report-index-page.js";
import type { HtmlReportRun } from "./html-report-outcome.js";

/** The case page file of a case id: `cases/<id, / as __>.html` (made unique when needed). */
function pageNames(ids: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const id of ids) {
    const base =
      id
        .split("/")
        .map((segment) => segment.replace(/[^A-Za-z0-9._-]/g, "_"))
        .join("__") || "case";
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    names.set(id, `cases/${name}.html`);
  }
  return names;
}

/**
 * The HTML conformance report as files (relative path → content): `index.html` (metadata,
 * matrix, filters, case list) and one page per case under `cases/`. Pure: everything inline,
 * nothing fetched, relative links only, so the folder works from file:// with no network.
 */
export function renderHtmlReport(run: HtmlReportRun, metadata: RunMetadata): Map<string, string> {
  const title = `correx conformance report — ${metadata.subject}`;
  const pages = pageNames(run.outcomes.map((outcome) => outcome.id));
  const files = new Map<string, string>();
  files.set("index.html", renderIndexPage(run, metadata, pages, title));
  // j/k on a case page walk the failures in the order the front page lists them: fail, crash, timeout.
  const failures = ["fail", "crash", "timeout"].flatMap((status) => run.outcomes.filter((outcome) => outcome.status === status));
  const position = new Map(failures.map((outcome, index) => [outcome.id, index]));
  const href = (at: number) => (at < 0 || at >= failures.length ? undefined : `../${pages.get(failures[at]!.id)}`);
  const failingIndexes = run.outcomes.flatMap((outcome, index) => (position.has(outcome.id) ? [index] : []));
  run.outcomes.forEach((outcome, index) => {
    // a failure's neighbours are those of the list; another case's, the nearest failures before and after it in the run
    const at = position.get(outcome.id);
    const before = [...failingIndexes].reverse().find((failing) => failing < index);
    const after = failingIndexes.find((failing) => failing > index);
    const previous = at !== undefined ? href(at - 1) : before === undefined ? undefined : href(position.get(run.outcomes[before]!.id)!);
    const next = at !== undefined ? href(at + 1) : after === undefined ? undefined : href(position.get(run.outcomes[after]!.id)!);
    files.set(pages.get(outcome.id)!, renderCasePage(outcome, { index: "../index.html", previousFailure: previous, nextFailure: next }, title));
  });
  return files;
}
