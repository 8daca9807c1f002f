// .ci/run's closing lines: the run's total time and each test file's duration, slowest first, read
// from vitest's json reporter output (so the CI budget is seen before it is hit).
//   node scripts/ci-durations.mjs VITEST_JSON TOTAL_SECONDS
import { existsSync, readFileSync, statSync } from "node:fs";
import { relative } from "node:path";

const [file, totalSeconds] = process.argv.slice(2);
const clock = (seconds) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
if (file && existsSync(file) && statSync(file).size > 0) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.log(`.ci/run: no test durations (${file}: ${error.message})`);
  }
  const files = (report?.testResults ?? [])
    .map((result) => ({ name: relative(process.cwd(), result.name), ms: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)), status: result.status }))
    .sort((a, b) => b.ms - a.ms);
  if (files.length > 0) {
    const sum = files.reduce((total, entry) => total + entry.ms, 0);
    console.log(`\n.ci/run: ${files.length} test files, ${clock(sum / 1000)} summed (files run in parallel), slowest first:`);
    for (const entry of files) console.log(`${(entry.ms / 1000).toFixed(1).padStart(8)} s  ${entry.name}${entry.status === "passed" ? "" : `  (${entry.status})`}`);
  }
} else console.log("\n.ci/run: no test durations (the test run did not get to vitest)");
console.log(`.ci/run: total ${clock(Number(totalSeconds))} (${totalSeconds} s; budget 60 minutes on an idle machine)`);
