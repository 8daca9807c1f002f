// Shared bench helpers: timing child processes and reporting ratios against a baseline measured in
// the same run. Benchmarks print; they never fail a test.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";

export const dataDir = new URL("./.data/", import.meta.url).pathname;
mkdirSync(dataDir, { recursive: true });

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
  `${label}: ${fmt(ours)} vs ${fmt(baseline)} baseline = ${(ours / baseline).toFixed(2)}×${target ? ` (target ≤ ${target}×: ${ours / baseline <= target ? "met" : "NOT met"})` : ""}`;
