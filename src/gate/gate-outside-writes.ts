import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/** What a directory's top level holds: each regular file's size and modification time, each link's target (`-> target`). */
export type TopLevelFiles = Map<string, string>;

/**
 * The regular files at the top of `directory` (none when it does not exist), with dotfiles only
 * when `dotfiles` is true. Directories are left out: agents keep their own state in folders there.
 */
export function topLevelFiles(directory: string, dotfiles: boolean): TopLevelFiles {
  const files: TopLevelFiles = new Map();
  let names: string[];
  try {
    // Never through a link the agent planted in the folder's place (tamperedFolders reports that).
    if (!lstatSync(directory).isDirectory()) return files;
    names = readdirSync(directory);
  } catch {
    return files;
  }
  for (const name of names) {
    if (!dotfiles && name.startsWith(".")) continue;
    try {
      const stats = lstatSync(join(directory, name));
      if (stats.isFile()) files.set(name, `${stats.size}:${stats.mtimeMs}`);
      // A link the agent planted is what would send correx's work elsewhere: reported with its target.
      else if (stats.isSymbolicLink()) files.set(name, `-> ${readlinkSync(join(directory, name))}`);
    } catch {
      // gone meanwhile
    }
  }
  return files;
}

/** Where an agent may leave files outside its workspace that the gate can see: the workspace's parent and the HOME the driver gave it. */
export interface OutsideWatch {
  runDirectory: string;
  before: { run: TopLevelFiles; home: TopLevelFiles };
}

/** Takes the snapshot before the agent runs. */
export function watchOutsideWrites(runDirectory: string): OutsideWatch {
  return { runDirectory, before: { run: topLevelFiles(runDirectory, true), home: topLevelFiles(join(runDirectory, "home"), false) } };
}

/**
 * The files the agent created or changed outside its workspace, as far as the gate can see:
 * regular files at the top of the run directory (the workspace's parent) and non-dot files at the
 * top of the driver's HOME copy (`<run>/home`). Paths relative to the run directory, sorted.
 * `*.log` files at the top of the run directory are the drivers' own logs (opencode-serve.log…)
 * and are not reported.
 */
export function outsideWrites(watch: OutsideWatch): string[] {
  const changed: string[] = [];
  const compare = (before: TopLevelFiles, after: TopLevelFiles, prefix: string) => {
    for (const [name, stamp] of after) if (before.get(name) !== stamp) changed.push(stamp.startsWith("-> ") ? `${prefix}${name} ${stamp} (a link)` : prefix + name);
  };
  const runFiles = topLevelFiles(watch.runDirectory, true);
  for (const name of [...runFiles.keys()]) if (name.endsWith(".log")) runFiles.delete(name);
  compare(watch.before.run, runFiles, "");
  compare(watch.before.home, topLevelFiles(join(watch.runDirectory, "home"), false), "home/");
  return changed.sort();
}
