import { type Dirent, lstatSync, readdirSync } from "node:fs";
import { lchown } from "node:fs/promises";
import { join } from "node:path";

/**
 * Gives `root` and everything under it to `uid`:`gid` (lchown: a link is changed itself, never
 * followed; a link to a folder is not entered), so that the run's user owns what it is given, or
 * so that nothing of a run is left to that user. With `from`, only what that uid owns changes
 * hands: a hard link the user made to a file of someone else keeps its owner and group.
 */
export async function chownTree(root: string, uid: number, gid: number, from?: number): Promise<void> {
  await give(root, uid, gid, from);
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return; // not a folder
  }
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await chownTree(path, uid, gid, from);
    else await give(path, uid, gid, from);
  }
}

async function give(path: string, uid: number, gid: number, from: number | undefined): Promise<void> {
  if (from !== undefined && lstatSync(path).uid !== from) return;
  await lchown(path, uid, gid);
}
