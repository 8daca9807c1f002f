import { rmSync } from "node:fs";
import { escapeControl } from "../text/escape-control.js";

/**
 * Removes a folder correx made (a run's temp folder, a sandbox's layers), also from an `exit`
 * handler: a failure (a file the just-killed agent was still writing, a busy mount) is retried,
 * then reported as one line naming the folder, never as a stack trace over the run's last output.
 */
export function removeFolder(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    process.stderr.write(`correx: could not remove ${escapeControl(path, true)} (${code}); remove it by hand\n`);
  }
}
