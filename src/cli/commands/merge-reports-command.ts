import { exitCodeOf } from "../../conformance/case-outcome.js";
import { mergeJsonReports } from "../../conformance/reporters/merge-json-reports.js";
import { parseJsonReport } from "../../conformance/reporters/parse-json-report.js";
import { renderTextReport } from "../../conformance/reporters/render-text-report.js";
import { MAX_REPORT_BYTES } from "../../input/input-limits.js";
import { readTextFileAtMost } from "../../input/read-text-file.js";
import { renderHtmlReport } from "../../report/render-html-report.js";
import { writeHtmlReport } from "../../report/write-html-report.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { paintFor } from "../terminal-colour.js";
import { UsageError } from "../usage-error.js";
import { writeReportFile } from "../write-report-file.js";

export const mergeReportsHelp = `usage: correx merge-reports [--reporter R[=FILE]]... REPORT.json...

Merges the json reports of several runs of correx check or correx gate (the shards of a CI
matrix: --shard 1/n … n/n, each with --reporter json=FILE) into the one report a single run
would have written: check cases in case id order, gate scenario runs in the order one gate run
gives them; the summary recounted. Every shard must be there once; a report without its summary
line (a run that did not end) or a case in two reports is an input error.

  --reporter R   pretty|json|junit|tap, optionally =FILE (repeatable; default pretty);
                 html=DIR writes the HTML report
exit codes: 0 every merged case conforms; 1 a difference, crash or timeout; 2 usage or input error`;

const reporters = ["pretty", "json", "junit", "tap", "html"] as const;

/** `correx merge-reports`: see mergeReportsHelp. */
export async function mergeReportsCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("merge-reports", args, { reporter: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.out(mergeReportsHelp + "\n");
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("correx merge-reports: give the json reports to merge (REPORT.json…)");
  const targets = ((values.reporter as string[] | undefined) ?? ["pretty"]).map((spec) => {
    const [name, ...rest] = spec.split("=");
    if (!(reporters as readonly string[]).includes(name)) throw new UsageError(`correx merge-reports: unknown reporter "${name}"; known: ${reporters.join(", ")}`);
    return { name: name as (typeof reporters)[number], file: rest.length ? rest.join("=") : undefined };
  });
  if (targets.some((target) => target.name === "html" && !target.file)) throw new UsageError("correx merge-reports: the html reporter writes a folder: give it as html=DIR");
  if (targets.filter((target) => !target.file).length > 1) throw new UsageError("correx merge-reports: only one reporter may write to stdout; give the others =FILE");
  const reports = positionals.map((file) => ({ file, report: parseJsonReport(readTextFileAtMost(file, MAX_REPORT_BYTES, "report"), file) }));
  const merged = mergeJsonReports(reports);
  const run = { outcomes: merged.outcomes, summary: merged.summary, allCaseIds: merged.outcomes.map((outcome) => outcome.id) };
  for (const target of targets) {
    if (target.name === "html") {
      writeHtmlReport(target.file!, renderHtmlReport(run, merged.metadata));
      continue;
    }
    const text = renderTextReport(target.name, run, merged.metadata, target.file ? undefined : paintFor(process.stdout));
    if (target.file) writeReportFile(target.file, text);
    else io.out(text);
  }
  return exitCodeOf(merged.summary);
}
