import { type Dirent, readdirSync } from "node:fs";
import { lchown } from "node:fs/promises";
import { join } from "node:path";

/**
 * Gives `root` and everything under it to `uid`:`gid` (lchown: a link is changed itself, never
 * followed; a link to a folder is not entered), so that nothing correx made in a run is left to
 * another user, or so that the run's user owns what it is given.
 */
export async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  await lchown(root, uid, gid);
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return; // not a folder
  }
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await chownTree(path, uid, gid);
    else await lchown(path, uid, gid);
  }
}
