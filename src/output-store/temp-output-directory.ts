import { mkdtempSync, rmSync } from "node:fs";

/** A folder for saved outputs that lives as long as one run or one call, then is removed. */
export interface TempOutputDirectory {
  readonly path: string;
  /** Removes it and what is in it (symlinks inside are unlinked, never followed). */
  remove(): void;
}

/**
 * A fresh folder at `prefix` + 6 random characters: `mkdtemp` creates it new (mode 0700, a name
 * no one could have planted a symlink at, and no other run shares it).
 */
export function createTempOutputDirectory(prefix: string): TempOutputDirectory {
  const path = mkdtempSync(prefix);
  return {
    path,
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
