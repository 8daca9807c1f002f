import { readFileSync } from "node:fs";
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
  if (process.getuid?.() !== 0) throw new InputError(`agent.user "${name}": the gate must run as root to start the agent as another user`, scenarioName);
  return runUserFrom(readFileSync("/etc/passwd", "utf8"), name, scenarioName);
}
