#!/usr/bin/env node
// What a test run leaves in the temp dir: runs `vitest run ARGS…` with TMPDIR pointed at a fresh
// empty folder, then lists what is left in it, grouped by name with the random mkdtemp tail cut
// off, and removes it. Also reports the files added to the old shared /tmp/correx-output and the
// per-run `/tmp/correx-XXXXXX` folders (these ignore TMPDIR: their path length is fixed) that
// appeared and are still there; those two are machine-wide, so another run at the same time
// shows up in them too.
//
//   npm run build && node scripts/temp-leftovers.mjs test/e2e/check-workflow.test.ts test/e2e/cli-habits.test.ts
//
// Exit 0 when nothing is left, 1 when something is, vitest's own code when the tests failed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const list = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const runFolders = () => new Set(list("/tmp").filter((name) => /^correx-[A-Za-z0-9]{6}$/.test(name)));
const sharedOutputs = () => new Set(list("/tmp/correx-output"));

const scratch = mkdtempSync(join(tmpdir(), "correx-leftovers-"));
const runBefore = runFolders();
const sharedBefore = sharedOutputs();
const started = performance.now();
const run = spawnSync(join(root, "node_modules/.bin/vitest"), ["run", ...process.argv.slice(2)], { cwd: root, stdio: "inherit", env: { ...process.env, TMPDIR: scratch } });
const seconds = ((performance.now() - started) / 1000).toFixed(1);

const left = list(scratch);
const groups = new Map();
for (const name of left) {
  const group = name.replace(/[-_.][A-Za-z0-9]{6}$/, "-XXXXXX");
  groups.set(group, (groups.get(group) ?? 0) + 1);
}
const newRunFolders = [...runFolders()].filter((name) => !runBefore.has(name));
const newShared = [...sharedOutputs()].filter((name) => !sharedBefore.has(name));
process.stdout.write(`\ntemp-leftovers: vitest exited ${run.status} after ${seconds} s; ${left.length} entries left in TMPDIR ${scratch}\n`);
for (const [group, count] of [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) process.stdout.write(`  ${String(count).padStart(5)}  ${group}\n`);
process.stdout.write(`temp-leftovers: ${newRunFolders.length} new /tmp/correx-XXXXXX folders still there${newRunFolders.length ? `: ${newRunFolders.join(" ")}` : ""}\n`);
process.stdout.write(`temp-leftovers: ${newShared.length} files added to /tmp/correx-output\n`);
rmSync(scratch, { recursive: true, force: true });
process.exitCode = run.status !== 0 ? (run.status ?? 1) : left.length + newRunFolders.length + newShared.length > 0 ? 1 : 0;
