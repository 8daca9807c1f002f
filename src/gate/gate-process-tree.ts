import { readdirSync, readFileSync } from "node:fs";

/**
 * Every live descendant of `pid` (children first found through `/proc/<n>/stat` parent pids,
 * breadth first), so a process that left the agent's process group (a tool run `detached`, as
 * opencode runs bash) is still found. Empty where there is no /proc.
 */
export function processDescendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const list = children.get(parent);
    if (list) list.push(Number(entry));
    else children.set(parent, [Number(entry)]);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * SIGKILLs an agent with its whole tree: its process group (`detached` made it the leader) and
 * every descendant, wherever its group. The descendants are listed before anything is killed, so
 * none is orphaned out of reach first.
 */
export function killProcessTree(pid: number | undefined): void {
  if (pid === undefined) return;
  const descendants = processDescendants(pid);
  for (const target of [-pid, pid, ...descendants]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
