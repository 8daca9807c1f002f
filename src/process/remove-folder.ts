import { rmSync } from "node:fs";
import { pauseSync } from "../input/pause-sync.js";
import { escapeControl } from "../text/escape-control.js";

/** Whole removals tried before a folder is reported as left behind (each one lists the folder again). */
const REMOVALS = 6;

/**
 * Removes a folder correx made (a run's temp folder, a sandbox's layers), also from an `exit`
 * handler: a failure (a file the just-killed agent was still writing, a busy mount) is retried,
 * then reported as one line naming the folder, never as a stack trace over the run's last output.
 *
 * rmSync's own retries only repeat the last `rmdir`, so a file created after it listed a folder
 * (an open still under way in libuv's threads when a signal ends correx, laying out a workspace)
 * fails every one of them with ENOTEMPTY: the whole removal is repeated instead, listing again.
 */
export function removeFolder(path: string): void {
  for (let removal = 1; ; removal++) {
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      if (removal < REMOVALS && (code === "ENOTEMPTY" || code === "EBUSY" || code === "EEXIST")) {
        // a synchronous pause: this may run in an exit handler, where nothing asynchronous runs
        pauseSync(25 * removal);
        continue;
      }
      // where in it (a file made immutable deep inside says ENOTDIR at that file: rm's recursion)
      const at = (error as NodeJS.ErrnoException).path;
      const where = at?.startsWith(`${path}/`) ? ` at ${escapeControl(at.slice(path.length + 1), true)}` : "";
      process.stderr.write(`correx: could not remove ${escapeControl(path, true)} (${code}${where}); remove it by hand\n`);
      return;
    }
  }
}
