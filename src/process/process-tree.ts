import { randomUUID } from "node:crypto";
import { PASSIVE_LISTENER, signalExitInstalled } from "./exit-on-signal.js";
import { listProcessTree, processStartTime } from "./list-processes.js";

/**
 * The environment variable that marks every process of a correx-started tree. Each tree appends
 * its own marker (`:`-separated), so nested runs keep the outer run's marker too.
 */
export const PROCESS_TREE_VARIABLE = "CORREX_PROCESS_TREE";

/** Kill rounds: a process may fork between a listing and its SIGKILL; the next round finds the child. */
const KILL_ROUNDS = 8;

/**
 * A process that correx starts (a `cmd:` subject, a gate agent) with everything it starts in
 * turn. Spawn it `detached` (its own process group) with `env(…)`, `attach` its pid, and `kill()`
 * when it exits, times out or crashes, or the run ends: its group, every descendant found through
 * /proc, and every process still carrying the tree's environment marker (a `setsid` or
 * double-forked escapee whose parent has exited) are SIGKILLed. Trees still alive when correx exits
 * or gets SIGINT, SIGTERM or SIGHUP are killed then.
 */
export interface ProcessTree {
  /** The marker its processes carry in PROCESS_TREE_VARIABLE. */
  readonly marker: string;
  /** `base` with the marker added, for the spawn. */
  env(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** The spawned process (the leader of its own process group). */
  attach(pid: number | undefined): void;
  /** SIGKILLs the whole tree and forgets it; returns the pids it signalled (for tests and reports). */
  kill(): number[];
}

const live = new Set<ProcessTree>();
let hooked = false;

/** Kills every live tree when correx exits or is told to stop (detached groups get no terminal signal). */
function hookProcessExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const tree of [...live]) tree.kill();
  });
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    const listener = Object.assign(
      () => {
        for (const tree of [...live]) tree.kill();
        // Only when no one else ends correx (the CLI's exitOnSignals does, through process.exit).
        if (!signalExitInstalled() && process.listenerCount(signal) === 1) process.exit(code);
      },
      { [PASSIVE_LISTENER]: true },
    );
    process.on(signal, listener);
  }
}

/** A new, empty process tree (see ProcessTree). */
export function createProcessTree(): ProcessTree {
  const marker = `correx-${process.pid}-${randomUUID()}`;
  let pid: number | undefined;
  let started = 0;
  const tree: ProcessTree = {
    marker,
    env(base) {
      const outer = base[PROCESS_TREE_VARIABLE];
      return { ...base, [PROCESS_TREE_VARIABLE]: outer ? `${outer}:${marker}` : marker };
    },
    attach(leader) {
      pid = leader;
      if (leader !== undefined) {
        started = processStartTime(leader) ?? 0;
        live.add(tree);
        hookProcessExit();
      }
    },
    kill() {
      live.delete(tree);
      if (pid === undefined) return [];
      const signalled = new Set<number>();
      for (let round = 0; round < KILL_ROUNDS; round++) {
        // List first, then kill: a child is found before its parent's death re-parents it. A
        // process already signalled cannot fork again (a pending SIGKILL never returns to user
        // space), so each later round looks only for processes forked before their parent died.
        const targets = listProcessTree(pid, marker, started).filter((target) => !signalled.has(target));
        if (round > 0 && targets.length === 0) break;
        for (const target of round === 0 ? [-pid, ...targets] : targets) {
          try {
            process.kill(target, "SIGKILL");
            if (target > 0) signalled.add(target);
          } catch {
            // already gone
          }
        }
      }
      return [...signalled];
    },
  };
  return tree;
}
