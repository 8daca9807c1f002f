import { InputError } from "../../input/input-error.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import type { CaseOutcome, CaseStatus, RunSummary } from "../case-outcome.js";
import type { JsonReportFacts } from "./render-json-report.js";
import type { RunMetadata } from "./run-metadata.js";

/** A json report read back: its case outcomes (with their report facts), summary and metadata. */
export interface ParsedJsonReport {
  outcomes: (CaseOutcome & JsonReportFacts)[];
  summary: RunSummary;
  metadata: RunMetadata;
}

const statuses: readonly CaseStatus[] = ["pass", "fail", "xfail", "unsupported", "crash", "timeout"];
const goldens = ["none", "matched", "missing", "pending", "updated"];

/**
 * Reads a json report (renderJsonReport's output: one case line per outcome, then one summary
 * line). A line that is not JSON, a case line missing a field, or a report without its summary
 * (a run that did not end) is bad input naming the file and line.
 */
export function parseJsonReport(text: string, file: string): ParsedJsonReport {
  const outcomes: (CaseOutcome & JsonReportFacts)[] = [];
  let summary: (RunSummary & { metadata?: RunMetadata }) | undefined;
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  lines.forEach((line, index) => {
    const fail = (message: string): never => {
      throw new InputError(message, file, index + 1, 1);
    };
    if (summary) fail("a line after the summary line (a json report ends with its summary)");
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      // where (line:column) and what, as every command says malformed JSON
      try {
        parseJsonRecord(line, file, index + 1);
      } catch (found) {
        if (InputError.isInstance(found)) throw new InputError(`not a json report line: ${found.message}`, file, found.line, found.column);
      }
      return fail(`not a json report line: ${(error as Error).message}`);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) return fail("not a json report line: expected an object");
    if (value.type === "summary") {
      const metadata = value.metadata as RunMetadata | undefined;
      if (!metadata || typeof metadata !== "object" || typeof metadata.subject !== "string") fail("/metadata: expected the run's metadata (subject, profiles, date)");
      summary = value as unknown as RunSummary & { metadata: RunMetadata };
      return;
    }
    if (value.type !== "case") return fail(`/type: expected "case" or "summary", found ${JSON.stringify(value.type)}`);
    for (const key of ["id", "profile", "stage", "area", "spec", "level"]) if (typeof value[key] !== "string") fail(`/${key}: expected a string, found ${JSON.stringify(value[key])}`);
    if (!statuses.includes(value.status as CaseStatus)) fail(`/status: expected one of ${statuses.join(", ")}, found ${JSON.stringify(value.status)}`);
    if (!goldens.includes(value.golden as string)) fail(`/golden: expected one of ${goldens.join(", ")}, found ${JSON.stringify(value.golden)}`);
    for (const key of ["protocols", "tags", "differences"]) if (!Array.isArray(value[key])) fail(`/${key}: expected an array, found ${JSON.stringify(value[key])}`);
    if (typeof value.durationMs !== "number") fail(`/durationMs: expected a number, found ${JSON.stringify(value.durationMs)}`);
    const { type: _type, ...outcome } = value;
    outcomes.push(outcome as unknown as CaseOutcome & JsonReportFacts);
  });
  if (lines.length === 0) throw new InputError("empty file: a json report has a line per case and ends with its summary line", file, 1, 1);
  if (!summary) throw new InputError("no summary line: the run that wrote this report did not end (a killed or crashed run leaves only its finished cases)", file, lines.length, 1);
  const { metadata, ...counts } = summary;
  return { outcomes, summary: counts, metadata: metadata! };
}
