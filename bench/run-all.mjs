// npm run bench: every benchmark in bench/, one after another, each in its own node process (with
// the flags it needs), printing what each prints. Exits 1 if any benchmark itself crashed; the
// numbers never fail it. Run after `npm run build`.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const bench = new URL("./", import.meta.url).pathname;
/** Not benchmarks: this runner, the shared helpers, and a script bench/truncate.mjs runs itself. */
const notBenchmarks = new Set(["run-all.mjs", "bench-support.mjs", "machine-scaling.mjs", "truncate-cli.mjs"]);
const flags = { "truncate.mjs": ["--expose-gc"] };
const only = process.argv.slice(2);

const files = readdirSync(bench)
  .filter((name) => name.endsWith(".mjs") && !notBenchmarks.has(name))
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();
if (files.length === 0) {
  console.error(`bench/run-all: no benchmark in bench/ starts with ${only.join(" or ")}`);
  process.exit(2);
}
const crashed = [];
for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const run = spawnSync(process.execPath, [...(flags[file] ?? []), join(bench, file)], { stdio: "inherit" });
  if (run.status !== 0) crashed.push(`${file} (exit ${run.status ?? run.signal})`);
}
console.log(`\n${files.length} benchmarks run${crashed.length ? `; crashed: ${crashed.join(", ")}` : ""}`);
process.exitCode = crashed.length ? 1 : 0;
