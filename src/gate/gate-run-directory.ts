import { lstatSync, readlinkSync } from "node:fs";

/** A folder correx made, as it was then: a real directory with this device and inode. */
export interface OwnedFolder {
  path: string;
  dev: number;
  ino: number;
}

/** Records a folder correx has just made (before the agent starts). */
export function ownFolder(path: string): OwnedFolder {
  const stats = lstatSync(path);
  return { path, dev: stats.dev, ino: stats.ino };
}

/**
 * The folders correx made that are no longer what it made — replaced by a link, a file, or
 * another folder, or gone — each as a sentence for the report (empty when all are intact). correx
 * then never writes, deletes or replays through them: a planted link would send its work outside
 * the run.
 */
export function tamperedFolders(folders: readonly OwnedFolder[]): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(folder.path);
    } catch {
      found.push(`${folder.path} was removed`);
      continue;
    }
    if (stats.isSymbolicLink()) {
      let target = "?";
      try {
        target = readlinkSync(folder.path);
      } catch {
        // gone meanwhile
      }
      found.push(`${folder.path} was replaced by a link to ${target}`);
    } else if (!stats.isDirectory()) found.push(`${folder.path} was replaced by a file`);
    else if (stats.dev !== folder.dev || stats.ino !== folder.ino) found.push(`${folder.path} was replaced by another folder`);
  }
  return found;
}
