#!/usr/bin/env node
// The bin. CommonJS on purpose: node starts a CommonJS main without its ES module loader (~20
// internal modules), and the build bundles the CLI into CommonJS chunks (scripts/bundle-cli.mjs,
// dist/cli/bundle/), one file per chunk instead of one per module. `validate` runs the bundle of
// correx-validate.ts (only what validate needs); every other command, the bundle of correx.ts
// (dist/cli/bundle/cli/).
// Both share cli-main.ts, so output and exit codes are the same either way, and the same as the
// ES module CLI (dist/cli/correx.js) the bundles are made from.
// The command is found as cli-main.ts finds it: the first argument before `--` that is not --debug.
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const name = (split === -1 ? argv : argv.slice(0, split)).find((arg) => arg !== "--debug");
if (name === "check") startCheckWorkerEarly();
if (name === "validate") require("./bundle/correx-validate.cjs");
else require("./bundle/cli/correx.cjs");

/**
 * `check` runs its cases in worker lanes (src/cli/check-in-workers.ts). A worker takes ~0.3 s to
 * load its modules, and the main thread ~0.25 s before it knows the plan; started here, the worker
 * loads while the main thread does. It waits for its plan (a `begin` message) and is left unref'd
 * under a global symbol: check takes it, or the process ends without waiting for it. Started only
 * where a second lane can run (two cores or more) and the bundle is there.
 */
function startCheckWorkerEarly(): void {
  if (argv.includes("--help") || argv.includes("-h") || argv.includes("--bail")) return;
  const { availableParallelism } = require("node:os") as typeof import("node:os");
  const file = require("node:path").join(__dirname, "bundle/cli/check-worker.cjs") as string;
  if (availableParallelism() < 2 || !require("node:fs").existsSync(file)) return;
  const { Worker } = require("node:worker_threads") as typeof import("node:worker_threads");
  const worker = new Worker(file, { workerData: null });
  // a worker that fails before check takes it is seen there (it has exited) and replaced
  worker.on("error", () => {});
  worker.unref();
  (globalThis as Record<symbol, unknown>)[Symbol.for("correx.check.earlyWorker")] = worker;
}
