// bench/report: time of `correx check` over the whole corpus writing the HTML report
// (--reporter html=DIR) against the same run with the JSON reporter (--reporter json=FILE), as a
// ratio (issue 8 target: < 2×). Also prints, in-process, what rendering and writing the HTML
// report cost next to rendering the JSON report, for the same run.
// Run after `npm run build`: node bench/report.mjs [rounds]
import { rmSync } from "node:fs";
import { join } from "node:path";
import { compare, dataDir, fmt, median, ratioLine, timeNode } from "./bench-support.mjs";

const repo = new URL("../", import.meta.url).pathname;
// the bin, as `npx correx` runs it (it runs the CommonJS bundle of the CLI: scripts/bundle-cli.mjs)
const cli = join(repo, "dist/cli/correx.cjs");
const rounds = Number(process.argv[2] ?? 7);
const htmlDir = join(dataDir, "report-html");
const jsonFile = join(dataDir, "report.jsonl");

console.log(`bench/report (node ${process.version}, ${rounds} alternating rounds, medians)`);
const run = (reporter) => () => {
  const result = timeNode([cli, "check", "--update", "no", "--reporter", reporter]);
  if (result.status !== 0) throw new Error(`correx check --reporter ${reporter} exited ${result.status}: ${result.stderr}`);
  return result.ms;
};
rmSync(htmlDir, { recursive: true, force: true });
run(`html=${htmlDir}`)(); // warm the file cache
const { a: html, b: json } = compare(rounds, run(`html=${htmlDir}`), run(`json=${jsonFile}`));
console.log(ratioLine("correx check, whole corpus: --reporter html=DIR vs --reporter json=FILE", html, json, 2));

const { runCheck } = await import(join(repo, "dist/conformance/run-check.js"));
const { createReferenceSubject } = await import(join(repo, "dist/conformance/reference-subject.js"));
const { nodeGoldenPort } = await import(join(repo, "dist/golden/node-golden-port.js"));
const { createRunOutputDirectory } = await import(join(repo, "dist/cli/run-output-directory.js"));
// the run's saved outputs go to a folder of its own, removed after it (as correx check does)
const runOutput = createRunOutputDirectory();
const { renderHtmlReport } = await import(join(repo, "dist/report/render-html-report.js"));
const { writeHtmlReport } = await import(join(repo, "dist/report/write-html-report.js"));
const { renderJsonReport } = await import(join(repo, "dist/conformance/reporters/render-json-report.js"));
const { writeReportFile } = await import(join(repo, "dist/cli/write-report-file.js"));
const checkRun = await runCheck({
  port: nodeGoldenPort,
  location: { casesRoot: join(repo, "fixtures/cases"), goldenRoot: join(repo, "golden") },
  filter: { profiles: [], protocols: [], stages: [], tags: [], caseGlobs: [] },
  subject: createReferenceSubject(),
  update: "none",
  outputDir: runOutput.path,
  timeoutMs: 10_000,
});
runOutput.remove();
const { correxVersion } = await import(join(repo, "dist/adapter/correx-version.js"));
const metadata = { correxVersion, subject: "reference", profiles: {}, date: new Date().toISOString(), filtered: false };
const time = (body) => {
  const started = performance.now();
  body();
  return performance.now() - started;
};
const renderTimes = [];
const writeTimes = [];
const jsonTimes = [];
let bytes = 0;
for (let round = 0; round < rounds; round++) {
  let files;
  renderTimes.push(time(() => (files = renderHtmlReport(checkRun, metadata))));
  writeTimes.push(time(() => writeHtmlReport(htmlDir, files)));
  jsonTimes.push(time(() => writeReportFile(jsonFile, renderJsonReport(checkRun, metadata))));
  bytes = [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}
console.log(
  `in-process, ${checkRun.outcomes.length} cases: HTML render ${fmt(median(renderTimes))} + write ${fmt(median(writeTimes))} (${checkRun.outcomes.length + 1} files, ${(bytes / 1e6).toFixed(1)} MB); JSON render + write ${fmt(median(jsonTimes))}`,
);
