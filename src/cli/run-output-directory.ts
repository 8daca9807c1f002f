import { mkdtempSync, rmSync } from "node:fs";
import { DEFAULT_OUTPUT_DIR } from "../adapter/reference-handler.js";

/** A folder that lives as long as one run, then is removed. */
export interface RunOutputDirectory {
  readonly path: string;
  /** Removes it and what is in it (symlinks inside are unlinked, never followed). */
  remove(): void;
}

/**
 * A fresh folder for the saved full outputs of one `correx check` run, removed at its end, instead
 * of a fixed shared folder (which grew by every run and whose path another user could plant a
 * symlink at). `mkdtemp` creates it new (0700, a name no one could have planted), and its path has
 * the same length as DEFAULT_OUTPUT_DIR (`/tmp/correx-` + 6 random characters), because
 * opencode-core's truncation budgets by the length of the saved-output marker and the corpus was
 * recorded with that path.
 */
export function createRunOutputDirectory(): RunOutputDirectory {
  const path = mkdtempSync(DEFAULT_OUTPUT_DIR.slice(0, -6));
  return {
    path,
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
