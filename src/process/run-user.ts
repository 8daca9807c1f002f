import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { lchown } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../input/input-error.js";

/** A user of the machine an agent runs as (a scenario's `agent.user`): its name, uid and primary gid. */
export interface RunUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

/**
 * The user named `name` in `passwd` (the text of /etc/passwd: `name:x:uid:gid:…` lines), or an
 * InputError naming the scenario when there is none: correx creates no user.
 */
export function runUserFrom(passwd: string, name: string, scenarioName?: string): RunUser {
  for (const line of passwd.split("\n")) {
    const [entry, , uid, gid] = line.split(":");
    if (entry !== name || uid === undefined || gid === undefined) continue;
    if (/^\d+$/.test(uid) && /^\d+$/.test(gid)) return { name, uid: Number(uid), gid: Number(gid) };
  }
  throw new InputError(`agent.user "${name}": no such user in /etc/passwd (correx creates none)`, scenarioName);
}

/** The scenario's `agent.user` resolved on this machine; an InputError when correx is not root (only root can start a process as another user). */
export function resolveRunUser(name: string, scenarioName?: string): RunUser {
  if (process.getuid?.() !== 0) throw new InputError(`agent.user "${name}": correx gate must run as root to start the agent as another user`, scenarioName);
  return runUserFrom(readFileSync("/etc/passwd", "utf8"), name, scenarioName);
}

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
