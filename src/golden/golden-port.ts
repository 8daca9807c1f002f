/**
 * The golden engine's only way to the filesystem (vitest snapshot's environment port):
 * implemented once for Node in node-golden-port.ts, faked in memory by tests.
 */
export interface GoldenPort {
  /** The file's text, or null when it does not exist. */
  read(path: string): string | null;
  /** Writes through a temp file in the same folder and a rename; skips unchanged bytes. */
  writeAtomic(path: string, text: string): void;
  remove(path: string): void;
  /** Paths (relative to `root`, `/`-separated, sorted) of files under it ending in `suffix`. */
  list(root: string, suffix: string): string[];
}
