import type { RunMetadata } from "../conformance/reporters/run-metadata.js";
import { renderCasePage } from "./html-report-case-page.js";
import { renderIndexPage } from "./html-report-index-page.js";
import type { HtmlReportRun } from "./html-report-outcome.js";

const failing = new Set(["fail", "crash", "timeout"]);

/** The case page file of a case id: `cases/<id, / as __>.html` (made unique when needed). */
function pageNames(ids: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const id of ids) {
    const base = id.split("/").map((segment) => segment.replace(/[^A-Za-z0-9._-]/g, "_")).join("__") || "case";
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
  const failures = run.outcomes.map((outcome, index) => (failing.has(outcome.status) ? index : -1)).filter((index) => index >= 0);
  run.outcomes.forEach((outcome, index) => {
    const previous = [...failures].reverse().find((failure) => failure < index);
    const next = failures.find((failure) => failure > index);
    const href = (at: number | undefined) => (at === undefined ? undefined : `../${pages.get(run.outcomes[at].id)}`);
    files.set(pages.get(outcome.id)!, renderCasePage(outcome, { index: "../index.html", previousFailure: href(previous), nextFailure: href(next) }, title));
  });
  return files;
}
