import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** What running a command produced (schemas/observations/bash.json, BashFacts). */
export interface BashRun {
  output: string;
  exitCode: number | null;
  timedOut?: boolean;
}

/** opencode's default bash timeout. @see spec §2.1 */
export const BASH_DEFAULT_TIMEOUT_MS = 120000;
/** opencode races exit against `sleep(timeout + 100 ms)`. @see spec §2.1 */
const TIMEOUT_GRACE_MS = 100;

/** The shell opencode would pick on this machine: bash when present, else sh. */
export function observeShell(): string {
  return existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
}

/**
 * Runs a bash call's command in the workspace as opencode does: through the shell, stdin ignored,
 * in its own process group, stdout and stderr merged in arrival order (the shell's own `2>&1`,
 * so order is exact), killed with its whole group when the timeout (+100 ms) passes.
 * @see spec §2.1 (Running), README "bash"
 */
export function observeBash(input: Record<string, unknown>, workspace: string): Promise<BashRun> {
  const command = typeof input.command === "string" ? input.command : "";
  const timeoutMs = typeof input.timeout === "number" && input.timeout >= 0 ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
  const cwd = typeof input.workdir === "string" ? resolve(workspace, input.workdir) : workspace;
  return new Promise((done) => {
    const child = spawn(observeShell(), ["-c", `exec 2>&1\n${command}`], { cwd, detached: true, stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, PWD: cwd } });
    const decoder = new TextDecoder();
    let output = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => {
      output += decoder.decode(chunk, { stream: true });
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs + TIMEOUT_GRACE_MS);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      killGroup(child.pid);
      output += decoder.decode();
      done(timedOut ? { output, exitCode, timedOut } : { output, exitCode });
    };
    child.on("error", (error) => {
      output += error.message;
      finish(null);
    });
    child.on("close", (code) => finish(code));
  });
}

/** Kills a detached child's whole process group; never throws (the group may be gone). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}
