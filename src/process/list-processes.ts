import { readdirSync, readFileSync } from "node:fs";

/** One live process as /proc shows it. */
interface ProcessEntry {
  pid: number;
  parent: number;
  group: number;
  /** When it started, in clock ticks since boot. */
  start: number;
}

/** Every process in /proc that is not a zombie (a zombie is already dead; its parent reaps it). Empty without /proc. */
function liveProcesses(): ProcessEntry[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const found: ProcessEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") continue;
    found.push({ pid: Number(entry), parent: Number(fields[1]), group: Number(fields[2]), start: Number(fields[19]) });
  }
  return found;
}

/** When `pid` started, in clock ticks since boot (/proc/<pid>/stat field 22), or undefined. */
export function processStartTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
  } catch {
    return undefined;
  }
}

/** True when the process's environment holds `marker` (false when it cannot be read: another user's). */
function environmentHolds(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker);
  } catch {
    return false;
  }
}

/** The live processes whose environment holds `marker` (a process tree's, or a test's own). */
export function listMarkedProcesses(marker: string): number[] {
  return liveProcesses()
    .filter((entry) => entry.pid !== process.pid && environmentHolds(entry.pid, marker))
    .map((entry) => entry.pid);
}

/**
 * The live processes that belong to a process tree rooted at `root`: its process group, every
 * descendant through parent pids (breadth first, whatever its group: a tool run `detached` or a
 * `setsid` child), and, when `marker` is given, every process whose environment holds it (which
 * finds a double-forked or `setsid` escapee whose parent has exited, so that it was re-parented
 * away from the tree). Never `process.pid` or its ancestors. Empty where there is no /proc.
 * `notBefore` (the root's start time) skips reading the environment of processes older than the
 * tree: reading another process's environment takes its memory lock, slow on a busy machine.
 */
export function listProcessTree(root: number, marker?: string, notBefore = 0): number[] {
  const processes = liveProcesses();
  const children = new Map<number, number[]>();
  const parentOf = new Map<number, number>();
  for (const entry of processes) {
    parentOf.set(entry.pid, entry.parent);
    const list = children.get(entry.parent);
    if (list) list.push(entry.pid);
    else children.set(entry.parent, [entry.pid]);
  }
  const spared = new Set<number>();
  for (let pid: number | undefined = process.pid; pid !== undefined && pid > 0 && !spared.has(pid); pid = parentOf.get(pid)) spared.add(pid);
  const found = new Set<number>();
  const queue = [root, ...processes.filter((entry) => entry.group === root).map((entry) => entry.pid)];
  if (marker) {
    for (const entry of processes) if (entry.start >= notBefore && !spared.has(entry.pid) && environmentHolds(entry.pid, marker)) queue.push(entry.pid);
  }
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (found.has(next) || spared.has(next)) continue;
    if (next !== root || parentOf.has(root)) found.add(next);
    queue.push(...(children.get(next) ?? []));
  }
  return [...found];
}
