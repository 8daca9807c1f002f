import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { brokenLinkReason } from "../input/broken-link-reason.js";
import { InputError } from "../input/input-error.js";
import { MAX_RECORD_BYTES } from "../input/input-limits.js";
import { readTextFileIfPresent } from "../input/read-text-file.js";
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

/**
 * The files under `root/relative`, as paths relative to `root`. A linked folder is followed once:
 * never into a folder already on the way down or already listed (a link loop, or a second link
 * to the same folder, would list its files again under other names).
 */
function walk(root: string, relative: string, real: string, seen: Set<string>, into: string[], broken: { path: string; code: string }[]): void {
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (entry.name.startsWith(".")) continue; // hidden: never a case or golden (list drops them anyway)
    if (entry.isDirectory()) {
      // a folder that is no link: its real path is its real parent's and its name (no realpath call per folder)
      const realChild = `${real}/${entry.name}`;
      if (seen.has(realChild)) continue;
      seen.add(realChild);
      walk(root, path, realChild, seen, into, broken);
    } else if (entry.isSymbolicLink()) {
      let target: string;
      let isFolder: boolean;
      try {
        target = realpathSync(join(root, path));
        isFolder = statSync(target).isDirectory();
      } catch (error) {
        // a dangling link or a loop of links: nothing there, which list() names when it would list it
        broken.push({ path, code: (error as NodeJS.ErrnoException).code ?? String(error) });
        continue;
      }
      if (!isFolder) into.push(path);
      else if (!seen.has(target)) {
        seen.add(target);
        walk(root, path, target, seen, into, broken);
      }
    } else into.push(path);
  }
}

/**
 * Where `path` really is when a linked folder on its way leads out of `root`, else null. The
 * listings follow linked folders (a corpus may link one in), so a file listed under `root` can be
 * anywhere; what deletes or writes such a file asks this first. Only the folders on the way
 * count: removing a file that is itself a link removes the link, not what it points to.
 */
export function realPathOutside(root: string, path: string): string | null {
  const realRoot = realpathSync(root);
  let folder = dirname(path);
  const rest: string[] = [basename(path)];
  while (!existsSync(folder) && dirname(folder) !== folder) {
    rest.unshift(basename(folder));
    folder = dirname(folder);
  }
  const realFolder = realpathSync(folder);
  if (realFolder === realRoot || realFolder.startsWith(realRoot === "/" ? "/" : `${realRoot}/`)) return null;
  return join(realFolder, ...rest);
}

/** The Node implementation of GoldenPort: atomic, idempotent writes (insta's FilePatcher::save). */
export const nodeGoldenPort: GoldenPort = {
  read(path) {
    // One case or golden is one document: at most MAX_RECORD_BYTES, and never read on past it (a link to /dev/zero).
    return readTextFileIfPresent(path, MAX_RECORD_BYTES, "file");
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
    const entries: string[] = [];
    const broken: { path: string; code: string }[] = [];
    try {
      const real = realpathSync(root);
      walk(root, "", real, new Set([real]), entries, broken);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const listed = (entry: string) => entry.endsWith(suffix) && !entry.split("/").some((part) => part.startsWith("."));
    // A link named as a listed file but leading nowhere is bad input, never a file silently left out (a case that would not run).
    const badLink = broken.find((link) => listed(link.path));
    if (badLink) {
      throw new InputError(`cannot read file: it is ${brokenLinkReason(badLink.code)}`, join(root, badLink.path));
    }
    return entries.filter(listed).sort();
  },
};
