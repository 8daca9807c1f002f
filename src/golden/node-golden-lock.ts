import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { mkdirSync } from "node:fs";

/** The lock file that serialises reviews and updates of one golden tree. */
export const lockPathOf = (goldenRoot: string) => `${goldenRoot}/.correx-golden.lock`;

/** Another live correx holds the tree's lock. */
export class GoldenLockHeldError extends Error {
  override readonly name = "GoldenLockHeldError";
  constructor(
    readonly lockPath: string,
    readonly holder: string,
  ) {
    super(`another correx (${holder}) is changing these goldens (lock ${lockPath}); run again when it has finished`);
  }
  static isInstance(error: unknown): error is GoldenLockHeldError {
    return error instanceof Error && error.name === "GoldenLockHeldError";
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes the golden tree's lock (an O_EXCL file holding `pid command`), or throws
 * GoldenLockHeldError when a live process holds it. A lock left by a dead process (kill -9) is
 * taken over. Returns the release function; the lock is also released when the process exits.
 */
export function acquireGoldenLock(goldenRoot: string, command: string): () => void {
  const path = lockPathOf(goldenRoot);
  mkdirSync(goldenRoot, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, "wx", 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = "";
      try {
        holder = readFileSync(path, "utf8").trim();
      } catch {
        continue; // released meanwhile
      }
      const pid = Number(holder.split(" ")[0]);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new GoldenLockHeldError(path, `pid ${holder}`);
      if (holder === "" && attempt === 0) {
        // being written by its taker right now: give it a moment
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      try {
        unlinkSync(path); // stale: its process is gone
      } catch {
        /* someone else took it over first */
      }
      continue;
    }
    writeSync(fd, `${process.pid} ${command}\n`);
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off("exit", release);
      try {
        if (readFileSync(path, "utf8").startsWith(`${process.pid} `)) unlinkSync(path);
      } catch {
        /* already gone */
      }
    };
    process.on("exit", release);
    return release;
  }
  throw new GoldenLockHeldError(path, "unknown");
}
