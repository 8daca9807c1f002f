import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { sweepStrayTemps } from "./node-golden-port.js";

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
 * Takes the golden tree's lock (a file holding `pid command`, created atomically), or throws
 * GoldenLockHeldError when a live process holds it. A lock left by a dead process (kill -9) is
 * taken over. Returns the release function; the lock is also released when the process exits.
 */
export function acquireGoldenLock(goldenRoot: string, command: string): () => void {
  const path = lockPathOf(goldenRoot);
  mkdirSync(goldenRoot, { recursive: true });
  sweepStrayTemps(goldenRoot);
  // the lock appears with its content at once (a hard link of a written temp file), so a reader
  // never sees an empty lock
  const temp = `${path}.${process.pid}.0.tmp`; // a stray one (kill -9 here) is swept like any correx temp
  writeFileSync(temp, `${process.pid} ${command}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      let holder: string;
      try {
        holder = readFileSync(path, "utf8").trim();
      } catch {
        continue; // released meanwhile
      }
      const pid = Number(holder.split(" ")[0]);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new GoldenLockHeldError(path, `pid ${holder}`);
      try {
        unlinkSync(path); // stale: its process is gone (kill -9)
      } catch {
        /* someone else took it over first */
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new GoldenLockHeldError(path, "unknown");
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
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
