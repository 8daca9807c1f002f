import type { CheckRun } from "../run-check.js";
import { renderJsonReport } from "./render-json-report.js";
import { renderJunitReport } from "./render-junit-report.js";
import { type ReportPaint, renderPrettyReport } from "./render-pretty-report.js";
import { renderTapReport } from "./render-tap-report.js";
import type { RunMetadata } from "./run-metadata.js";

/** The reporters whose output is one text (html writes a folder). */
export type TextReporter = "pretty" | "json" | "junit" | "tap";

/** One text report of a run, as `correx check` and `correx gate` write it (`paint` for pretty on a terminal). */
export function renderTextReport(reporter: TextReporter, run: CheckRun, metadata: RunMetadata, paint?: ReportPaint): string {
  switch (reporter) {
    case "json":
      return renderJsonReport(run, metadata);
    case "junit":
      return renderJunitReport(run, metadata);
    case "tap":
      return renderTapReport(run);
    default:
      return renderPrettyReport(run, metadata, paint);
  }
}
