import { join } from "node:path";
import type { OutputStoreFs } from "./output-store-fs.js";
import { nodeOutputStoreFs } from "./output-store-fs.js";

/** Seven days, the retention of saved tool output. @see spec §3.1, §3.2 (retention) */
export const OUTPUT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Options of `cleanupOutputStore`. */
export interface OutputStoreCleanupOptions {
  /** Milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
  /** Files whose mtime is older than this are removed. Default 7 days. */
  maxAgeMs?: number;
  fs?: OutputStoreFs;
}

/**
 * Removes the `tool_*` regular files in `dir` whose mtime is more than `maxAgeMs` before `now`,
 * and nothing else (no directories, symlinks or other names). A missing directory is empty.
 * Returns the removed paths.
 * @see spec §3.2 (`cleanup` deletes `tool_*` files whose mtime is older)
 */
export function cleanupOutputStore(dir: string, options: OutputStoreCleanupOptions = {}): string[] {
  const fs = options.fs ?? nodeOutputStoreFs;
  const now = options.now ?? Date.now();
  const maxAgeMs = options.maxAgeMs ?? OUTPUT_RETENTION_MS;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith("tool_")) continue;
    const path = join(dir, name);
    const stat = fs.lstatSync(path);
    if (!stat.isFile() || now - stat.mtimeMs <= maxAgeMs) continue;
    fs.unlinkSync(path);
    removed.push(path);
  }
  return removed;
}
