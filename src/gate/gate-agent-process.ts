import { spawn } from "node:child_process";
import { createProcessTree } from "../process/process-tree.js";
import { ByteTail } from "../text/byte-tail.js";

/** How an agent run ended. */
export interface AgentExit {
  status: "exited" | "timeout" | "spawn-error";
  /** Exit code (null when killed by a signal or never started). */
  code: number | null;
  signal: string | null;
  /** The last 4 KiB of its merged stdout/stderr, for the report. */
  outputTail: string;
  durationMs: number;
}

const TAIL_BYTES = 4096;

/**
 * Runs an agent command as a process tree of its own (src/process/process-tree.ts: its own
 * process group, and a marker in its environment) with a deadline. When it exits, at the deadline,
 * or if correx itself is stopped, the whole tree is SIGKILLed: its group, every descendant in
 * whatever group (opencode runs its tools detached), and every process still carrying the marker
 * (a `setsid` or double-forked escapee whose parent has exited). The promise settles at the
 * agent's exit, whoever still holds its pipes.
 */
export function runAgentProcess(
  command: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number /** Start it with this uid and gid (no supplementary groups) instead of correx's. */; user?: { uid: number; gid: number } },
): Promise<AgentExit> {
  const started = performance.now();
  return new Promise((done) => {
    const tail = new ByteTail(TAIL_BYTES);
    const keep = (chunk: Buffer) => tail.push(chunk);
    const [file, ...args] = command;
    const tree = createProcessTree();
    const child = spawn(file ?? "", args, {
      cwd: options.cwd,
      env: tree.env(options.env),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
    });
    tree.attach(child.pid);
    let timedOut = false;
    let settled = false;
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      timedOut = true;
      tree.kill();
    }, options.timeoutMs);
    const finish = (exit: Omit<AgentExit, "outputTail" | "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      tree.kill();
      // A killed holder closes the pipes; destroying our ends too means nothing waits for it.
      child.stdout.destroy();
      child.stderr.destroy();
      done({ ...exit, outputTail: tail.text(), durationMs: performance.now() - started });
    };
    child.on("error", (error) => {
      keep(Buffer.from(error.message));
      finish({ status: "spawn-error", code: null, signal: null });
    });
    child.on("exit", (code, signal) => finish({ status: timedOut ? "timeout" : "exited", code, signal }));
  });
}
