import { mkdtempSync } from "node:fs";
import { removeFolder } from "../process/remove-folder.js";

/** A folder for saved outputs that lives as long as one run or one call, then is removed. */
export interface TempOutputDirectory {
  readonly path: string;
  /** Removes it and what is in it (symlinks inside are unlinked, never followed). */
  remove(): void;
}

/**
 * A fresh folder at `prefix` + 6 random characters: `mkdtemp` creates it new (mode 0700, a name
 * no one could have planted a symlink at, and no other run shares it). Removed at process exit too
 * when `remove()` was not called: on SIGINT/SIGTERM/SIGHUP with a subject running, correx ends
 * through process.exit (src/process/process-tree.ts), which skips the callers' `finally`.
 */
export function createTempOutputDirectory(prefix: string): TempOutputDirectory {
  const path = mkdtempSync(prefix);
  const remove = () => {
    process.off("exit", remove);
    removeFolder(path);
  };
  process.on("exit", remove);
  return { path, remove };
}
