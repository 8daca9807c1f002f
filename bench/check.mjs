// bench/check: time of `correx check` over the corpus, and over a generated 10× corpus, as a
// ratio to just parsing the same YAML files (the floor: every case and golden must be read).
// Run after `npm run build`: node bench/check.mjs
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { benchCorpus, compare, load, ratioLine, timeNode } from "./bench-support.mjs";

const repo = new URL("../", import.meta.url).pathname;
// the bin, as `npx correx` runs it (it runs the CommonJS bundle of the CLI: scripts/bundle-cli.mjs)
const cli = join(repo, "dist/cli/correx.cjs");

const parseFloor = `
const { readFileSync, readdirSync } = require("fs");
const { parse } = require(${JSON.stringify(join(repo, "node_modules/yaml"))});
let n = 0;
for (const folder of ["fixtures/cases", "golden"]) {
  const base = process.argv[1] + "/" + folder;
  for (const entry of readdirSync(base, { recursive: true })) {
    if (!entry.endsWith(".yaml")) continue;
    parse(readFileSync(base + "/" + entry, "utf8"), { uniqueKeys: true });
    n++;
  }
}
console.log(n);`;

console.log(`bench/check (node ${process.version}, load average ${load()} at the start)`);
for (const copies of [1, 10]) {
  const root = benchCorpus(copies, { fresh: true });
  const probe = timeNode([cli, "check", "--root", root, "--update", "no", "--reporter", "json"]);
  const summary = JSON.parse(probe.stdout.trim().split("\n").pop());
  if (probe.status === 2) throw new Error(probe.stderr);
  const rounds = copies === 1 ? 5 : 3;
  const { a, b } = compare(
    rounds,
    () => timeNode([cli, "check", "--root", root, "--update", "no", "--reporter", "json"]).ms,
    () => timeNode(["-e", parseFloor, root]).ms,
  );
  console.log(ratioLine(`  ${copies}× corpus (${summary.total} cases): correx check vs parsing its YAML`, a, b, 2));
}

// The same on one core (taskset -c 0): both sides single-threaded, so the ratio is the work's
// alone. On two cores the floor speeds up too (V8's GC and compiler threads take the second core),
// while check's two lanes (src/cli/check-in-workers.ts) split its cases between them.
/** Wall time (ms) of `node ...args` pinned to the first core. */
function timePinned(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync("taskset", ["-c", "0", process.execPath, ...args], { stdio: "ignore" });
  if (run.status !== 0 && run.status !== 1) throw new Error(`taskset node ${args[0]} exited ${run.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}
if (spawnSync("taskset", ["-c", "0", "true"]).status === 0) {
  const root = benchCorpus(1);
  const { a, b } = compare(
    3,
    () => timePinned([cli, "check", "--root", root, "--update", "no", "--reporter", "json"]),
    () => timePinned(["-e", parseFloor, root]),
  );
  console.log(ratioLine("  1× corpus on one core (taskset -c 0, both sides): correx check vs parsing its YAML", a, b));
}
