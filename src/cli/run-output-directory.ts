import { DEFAULT_OUTPUT_DIR } from "../adapter/reference-handler.js";
import { createTempOutputDirectory, type TempOutputDirectory } from "../output-store/temp-output-directory.js";

/** A folder that lives as long as one run, then is removed. */
export type RunOutputDirectory = TempOutputDirectory;

/**
 * A fresh folder for the saved full outputs of one `correx check` run, removed at its end, instead
 * of a fixed shared folder (which grew by every run and whose path another user could plant a
 * symlink at). `mkdtemp` creates it new (0700, a name no one could have planted), and its path has
 * the same length as DEFAULT_OUTPUT_DIR (`/tmp/correx-` + 6 random characters), because
 * opencode-core's truncation budgets by the length of the saved-output marker and the corpus was
 * recorded with that path.
 */
export function createRunOutputDirectory(): RunOutputDirectory {
  return createTempOutputDirectory(DEFAULT_OUTPUT_DIR.slice(0, -6));
}

/** A run folder made the first time `path()` is called, if ever; `remove()` removes it when it was made. */
export interface LazyRunOutputDirectory {
  path(): string;
  remove(): void;
}

/**
 * The saved-output folder of a command whose requests usually name their own (`correx adapter`
 * under `correx check` gets `options.outputDir` in every request): made as createRunOutputDirectory
 * does, but only when a request needs it, so a subject killed at the end of a run leaves nothing.
 */
export function createLazyRunOutputDirectory(): LazyRunOutputDirectory {
  let made: RunOutputDirectory | null = null;
  return {
    path: () => {
      made ??= createRunOutputDirectory();
      return made.path;
    },
    remove: () => {
      made?.remove();
      made = null;
    },
  };
}
