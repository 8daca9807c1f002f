// Shared bench helpers: timing child processes and reporting ratios against a baseline measured in
// the same run. Benchmarks print; they never fail a test.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

// Stopped (Ctrl-C, `timeout`, a closed terminal), a benchmark ends through process.exit, so that
// its `exit` handlers remove the temp folders it made: a signal's default action skips them.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
]) {
  process.on(signal, () => process.exit(code));
}

export const dataDir = new URL("./.data/", import.meta.url).pathname;
mkdirSync(dataDir, { recursive: true });
const repo = new URL("../", import.meta.url).pathname;

/** The 1-minute load average, for quoting beside every figure (figures under load are not quiet ones). */
export const load = () => loadavg()[0].toFixed(1);

/**
 * The corpus root under bench/.data holding `copies` copies of the real corpus under distinct ids
 * (goldens' `case:` lines rewritten to match), made when missing or when `fresh` is asked for, so
 * each benchmark can make the data it needs whatever ran before it.
 */
export function benchCorpus(copies, { fresh = false } = {}) {
  const root = join(dataDir, `corpus-x${copies}`);
  const done = join(root, ".complete");
  if (!fresh && existsSync(done)) return root;
  rmSync(root, { recursive: true, force: true });
  for (const profile of readdirSync(join(repo, "fixtures/cases"))) {
    for (let copy = 0; copy < copies; copy++) {
      const suffix = copies === 1 ? "" : `/copy-${copy}`;
      for (const folder of ["fixtures/cases", "golden"]) {
        mkdirSync(join(root, folder, profile), { recursive: true });
        for (const area of readdirSync(join(repo, folder, profile))) {
          cpSync(join(repo, folder, profile, area), join(root, folder, profile, `${area}${suffix}`), {
            recursive: true,
            filter: (source) => !source.endsWith(".new"),
          });
        }
      }
    }
  }
  if (copies > 1) {
    for (const entry of readdirSync(join(root, "golden"), { recursive: true })) {
      if (!entry.endsWith(".yaml")) continue;
      const path = join(root, "golden", entry);
      writeFileSync(path, readFileSync(path, "utf8").replace(/^case: .*$/m, `case: ${entry.replace(/\.yaml$/, "")}`));
    }
  }
  writeFileSync(done, "");
  return root;
}

/** Wall time (ms) of one run of `node ...args`, plus its exit code. */
export function timeNode(args, options = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30, ...options });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Runs a and b alternately `rounds` times and returns their medians (alternating evens out drift). */
export function compare(rounds, a, b) {
  const as = [];
  const bs = [];
  for (let round = 0; round < rounds; round++) {
    as.push(a());
    bs.push(b());
  }
  return { a: median(as), b: median(bs) };
}

export const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`);
export const ratioLine = (label, ours, baseline, target) =>
  `${label}: ${fmt(ours)} vs ${fmt(baseline)} baseline = ${(ours / baseline).toFixed(2)}×${target ? ` (target ≤ ${target}×: ${ours / baseline <= target ? "met" : "NOT met"})` : ""} [load ${load()}]`;
