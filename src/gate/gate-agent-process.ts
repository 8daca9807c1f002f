import { spawn } from "node:child_process";
import { killProcessTree } from "./gate-process-tree.js";

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
 * Runs an agent command in its own process group (`detached`) with a deadline: past `timeoutMs`
 * the whole group and every descendant (in whatever group: opencode runs its tools detached) is
 * killed, and after a normal exit any process it left behind in its group is killed too.
 */
export function runAgentProcess(command: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<AgentExit> {
  const started = performance.now();
  return new Promise((done) => {
    let tail = "";
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-TAIL_BYTES);
    };
    const [file, ...args] = command;
    const child = spawn(file ?? "", args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let timedOut = false;
    let settled = false;
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      timedOut = true;
      killProcessTree(child.pid);
    }, options.timeoutMs);
    const finish = (exit: Omit<AgentExit, "outputTail" | "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killProcessTree(child.pid);
      done({ ...exit, outputTail: tail, durationMs: performance.now() - started });
    };
    child.on("error", (error) => {
      keep(Buffer.from(error.message));
      finish({ status: "spawn-error", code: null, signal: null });
    });
    child.on("exit", (code, signal) => finish({ status: timedOut ? "timeout" : "exited", code, signal }));
  });
}
