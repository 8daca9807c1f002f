import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProcessTree } from "../process/process-tree.js";
import type { CommandChunk, CommandSpec, FsFailure, SessionHandle, SessionPiece } from "../profiles/environment-port.js";

/**
 * The program's parent on the terminal: a node process that runs it with exactly its environment
 * and the terminal as its stdio, ignores the terminal's signals itself (^C reaches the program,
 * not it), and writes how the program ended (exit code or signal) to a status file. util-linux
 * `script` reports a signal death as the exit code 128 + n, which a program can also exit with;
 * the status file keeps the two apart. Arguments: status file, the environment as base64 JSON,
 * the program, its arguments.
 */
const TERMINAL_PARENT = [
  "const [statusFile, envText, file, ...args] = process.argv.slice(1);",
  'for (const signal of ["SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP", "SIGTSTP", "SIGTTIN", "SIGTTOU"]) process.on(signal, () => {});',
  'const env = JSON.parse(Buffer.from(envText, "base64").toString("utf8"));',
  'const run = require("node:child_process").spawnSync(file, args, { stdio: "inherit", env });',
  'const status = run.error ? { error: run.error.code ?? "EIO", message: run.error.message } : { exitCode: run.status, signal: run.signal };',
  'require("node:fs").writeFileSync(statusFile, JSON.stringify(status));',
  "process.exit(run.status ?? 1);",
].join("\n");

/** A word for `sh -c`. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const SESSION_DEADLINE_MS = 120000;

/**
 * Starts a program on a new pseudo-terminal (CommandSpec.terminal): util-linux `script -qe` makes
 * the terminal (the kernel's default settings; a session leader with it as its controlling
 * terminal), `stty` gives it the window size, and TERMINAL_PARENT runs the program with the
 * command's own environment. The output is what `script` copies from the terminal's master side;
 * `write` types into the terminal (script's stdin, kept open). Killed with every descendant when
 * it ends, at `kill`, or at its deadline.
 */
export function startTerminalSession(command: CommandSpec, terminal: { rows: number; cols: number }): SessionHandle {
  const pending: CommandChunk[] = [];
  let ended: SessionPiece["ended"] = null;
  let spawnError: FsFailure | undefined;
  let wake: (() => void) | undefined;
  const tree = createProcessTree();
  const folder = mkdtempSync(join(tmpdir(), "correx-terminal-"));
  const statusFile = join(folder, "status.json");
  const settle = (fact: NonNullable<SessionPiece["ended"]>, error?: FsFailure) => {
    if (ended !== null) return;
    ended = fact;
    spawnError = error;
    clearTimeout(deadline);
    tree.kill();
    rmSync(folder, { recursive: true, force: true });
    wake?.();
  };
  const deadline = setTimeout(() => tree.kill(), command.timeoutMs ?? SESSION_DEADLINE_MS);
  deadline.unref();
  const envText = Buffer.from(JSON.stringify(command.env), "utf8").toString("base64");
  const inner = [`stty rows ${terminal.rows} cols ${terminal.cols} &&`, "exec", ...[process.execPath, "-e", TERMINAL_PARENT, statusFile, envText, command.file, ...command.args].map(shellWord)].join(
    " ",
  );
  let stdin: NodeJS.WritableStream | null = null;
  try {
    const child = spawn("script", ["-qec", inner, "/dev/null"], {
      cwd: command.cwd,
      env: { PATH: command.env.PATH ?? "/usr/bin:/bin", SHELL: "/bin/sh" },
      detached: true,
      stdio: ["pipe", "pipe", "ignore"],
    });
    tree.attach(child.pid);
    child.unref();
    stdin = child.stdin;
    child.stdin?.on("error", () => {});
    (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
    child.stdout?.on("data", (chunk: Buffer) => pending.push({ stream: "stdout", bytes: new Uint8Array(chunk) }));
    child.on("error", (error) => settle({ exitCode: null, signal: null }, failureOf(error)));
    child.on("close", (code, signal) => settle(statusOf(statusFile) ?? { exitCode: code, signal: signal ?? null }));
  } catch (error) {
    settle({ exitCode: null, signal: null }, failureOf(error));
  }
  return {
    async read(waitMs) {
      if (ended === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      const chunks = pending.splice(0, pending.length);
      return { chunks, ended, ...(spawnError ? { spawnError } : {}) };
    },
    kill: () => tree.kill(),
    async write(bytes) {
      if (ended !== null || stdin === null) return;
      const target = stdin;
      await new Promise<void>((resolve) => target.write(bytes, () => resolve()));
    },
  };
}

/** How the program ended, from TERMINAL_PARENT's status file (null when it never wrote one). */
function statusOf(statusFile: string): { exitCode: number | null; signal: string | null } | null {
  try {
    const status = JSON.parse(readFileSync(statusFile, "utf8")) as { exitCode?: number | null; signal?: string | null };
    if (status.exitCode === undefined && status.signal === undefined) return null;
    return { exitCode: status.exitCode ?? null, signal: status.signal ?? null };
  } catch {
    return null;
  }
}

function failureOf(error: unknown): FsFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { failure: typeof code === "string" ? code : "EIO", message: error instanceof Error ? error.message : String(error) };
}
