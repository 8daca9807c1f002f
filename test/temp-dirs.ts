import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The temp folders this test file made (each file runs in its own module graph, so this set is
 * the file's own). test/remove-temp-dirs.setup.ts removes them after the file's last test; no
 * folder is ever found by name or prefix, since other files run at the same time.
 */
const created = new Set<string>();

/** A fresh `mkdtemp` folder under the temp dir, removed after this test file. */
export function makeTempDir(prefix = "correx-test-"): string {
  return registerTempDir(mkdtempSync(join(tmpdir(), prefix)));
}

/** Registers a folder made some other way (by a helper, under another root) for removal after this test file; returns it. */
export function registerTempDir(path: string): string {
  created.add(path);
  return path;
}

/** Removes every registered folder (symlinks inside are unlinked, never followed); returns their paths. */
export function removeTempDirs(): string[] {
  const removed = [...created];
  for (const path of removed) rmSync(path, { recursive: true, force: true, maxRetries: 3 });
  created.clear();
  return removed;
}
