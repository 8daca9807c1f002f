import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { GoldenPort } from "./golden-port.js";

let counter = 0;

/** correx's own temp names: `.<file>.<pid>.<n>.tmp` (nothing else is ever removed as a stray). */
const TEMP_NAME = /^\..+\.(\d+)\.(\d+)\.tmp$/;
const tempPathOf = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${++counter}.tmp`);

const alive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

const swept = new Set<string>();

/**
 * Removes temp files an earlier, killed correx left in `folder` (once per folder and process):
 * only names of correx's own temp pattern, and only when the process that made them is gone.
 */
export function sweepStrayTemps(folder: string): void {
  if (swept.has(folder)) return;
  swept.add(folder);
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = TEMP_NAME.exec(entry);
    if (match && !alive(Number(match[1]))) rmSync(join(folder, entry), { force: true });
  }
}

/** Writes `text` to a new temp file beside `path`, fsyncs it and renames it over `path`. */
export function writeThroughTemp(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  sweepStrayTemps(dirname(path));
  const temp = tempPathOf(path);
  const fd = openSync(temp, "wx", 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The Node implementation of GoldenPort: atomic, idempotent writes (insta's FilePatcher::save). */
export const nodeGoldenPort: GoldenPort = {
  read(path) {
    try {
      return readFileSync(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  },
  writeAtomic(path, text) {
    if (nodeGoldenPort.read(path) === text) return;
    writeThroughTemp(path, text);
  },
  remove(path) {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  },
  list(root, suffix) {
    let entries: string[];
    try {
      entries = readdirSync(root, { recursive: true }) as string[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return entries
      .map((entry) => entry.split("\\").join("/"))
      .filter((entry) => entry.endsWith(suffix) && !entry.split("/").some((part) => part.startsWith(".")))
      .sort();
  },
};
