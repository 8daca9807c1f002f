import { InputError } from "../../input/input-error.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import type { CaseOutcome, CaseStatus, RunSummary } from "../case-outcome.js";
import type { JsonReportFacts } from "./render-json-report.js";
import { parseShard, type RunMetadata } from "./run-metadata.js";

/** A json report read back: its case outcomes (with their report facts), summary and metadata. */
export interface ParsedJsonReport {
  outcomes: (CaseOutcome & JsonReportFacts)[];
  summary: RunSummary;
  metadata: RunMetadata;
}

const statuses: readonly CaseStatus[] = ["pass", "fail", "xfail", "unsupported", "crash", "timeout"];
const goldens = ["none", "matched", "missing", "pending", "updated"];
/** The summary line's counts (RunSummary's, then the ones renderJsonSummaryLine adds, which may be absent). */
const counts = ["total", "pass", "fail", "xfail", "unsupported", "crash", "timeout", "pending", "updated"] as const;
const optionalCounts = ["judged", "notRun"] as const;
const optionalMetadata = ["baseline", "pendingDir", "reviewCommand", "maxUnsupported"] as const;

/** `/pointer: missing (expected …)` or `/pointer: expected …, found <value, cut to a few dozen characters>`. */
function unexpected(pointer: string, expected: string, value: unknown): string {
  if (value === undefined) return `${pointer}: missing (expected ${expected})`;
  const found = JSON.stringify(value);
  return `${pointer}: expected ${expected}, found ${found.length > 60 ? `${found.slice(0, 57)}…` : found}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Reads a json report (renderJsonReport's output: one case line per outcome, then one summary
 * line). A line that is not JSON, a case or summary line with a field missing or of the wrong
 * kind, or a report without its summary (a run that did not end) is bad input naming the file,
 * line and field.
 */
export function parseJsonReport(text: string, file: string): ParsedJsonReport {
  const outcomes: (CaseOutcome & JsonReportFacts)[] = [];
  let summary: (RunSummary & { metadata: RunMetadata }) | undefined;
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
      summary = parseSummaryLine(value, fail);
      return;
    }
    if (value.type !== "case") return fail(unexpected("/type", '"case" or "summary"', value.type));
    for (const key of ["id", "profile", "stage", "area", "spec", "level"]) if (typeof value[key] !== "string") fail(unexpected(`/${key}`, "a string", value[key]));
    if (!statuses.includes(value.status as CaseStatus)) fail(unexpected("/status", `one of ${statuses.join(", ")}`, value.status));
    if (!goldens.includes(value.golden as string)) fail(unexpected("/golden", `one of ${goldens.join(", ")}`, value.golden));
    for (const key of ["protocols", "tags", "differences"]) if (!Array.isArray(value[key])) fail(unexpected(`/${key}`, "an array", value[key]));
    if (typeof value.durationMs !== "number") fail(unexpected("/durationMs", "a number", value.durationMs));
    const { type: _type, ...outcome } = value;
    outcomes.push(outcome as unknown as CaseOutcome & JsonReportFacts);
  });
  if (lines.length === 0) throw new InputError("empty file: a json report has a line per case and ends with its summary line", file, 1, 1);
  if (!summary) throw new InputError("no summary line: the run that wrote this report did not end (a killed or crashed run leaves only its finished cases)", file, lines.length, 1);
  const { metadata, ...counted } = summary;
  return { outcomes, summary: counted, metadata };
}

/**
 * The summary line's counts and metadata, each field checked: counts are whole numbers from 0 up,
 * the duration a number of milliseconds from 0 up, the metadata's fields strings (filtered a
 * boolean) and its shard `i/n` as `--shard` takes it. The first wrong field is bad input naming it.
 */
function parseSummaryLine(value: Record<string, unknown>, fail: (message: string) => never): RunSummary & { metadata: RunMetadata } {
  for (const key of counts) if (!isCount(value[key])) fail(unexpected(`/${key}`, "a whole number from 0 up", value[key]));
  for (const key of optionalCounts) if (value[key] !== undefined && !isCount(value[key])) fail(unexpected(`/${key}`, "a whole number from 0 up", value[key]));
  const durationMs = value.durationMs;
  if (typeof durationMs !== "number" || durationMs < 0) fail(unexpected("/durationMs", "a number of milliseconds from 0 up", durationMs));
  const metadata = value.metadata;
  if (!isRecord(metadata)) return fail(unexpected("/metadata", "the run's metadata: subject, profiles, date", metadata));
  for (const key of ["correxVersion", "subject", "date"]) if (typeof metadata[key] !== "string") fail(unexpected(`/metadata/${key}`, "a string", metadata[key]));
  const profiles = metadata.profiles;
  if (!isRecord(profiles)) return fail(unexpected("/metadata/profiles", "an object of profile versions", profiles));
  for (const [name, version] of Object.entries(profiles))
    if (typeof version !== "string") fail(unexpected(`/metadata/profiles/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`, "a string", version));
  if (typeof metadata.filtered !== "boolean") fail(unexpected("/metadata/filtered", "true or false", metadata.filtered));
  for (const key of optionalMetadata) if (metadata[key] !== undefined && typeof metadata[key] !== "string") fail(unexpected(`/metadata/${key}`, "a string", metadata[key]));
  if (metadata.shard !== undefined && (typeof metadata.shard !== "string" || !parseShard(metadata.shard))) fail(unexpected("/metadata/shard", "i/n with 1 ≤ i ≤ n", metadata.shard));
  const summary = { durationMs: durationMs as number, metadata: metadata as unknown as RunMetadata } as RunSummary & { metadata: RunMetadata };
  for (const key of counts) summary[key] = value[key] as number;
  return summary;
}
