import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProcessTree } from "../process/process-tree.js";
import type { CommandSpec, FsFailure, SessionHandle, SessionPiece } from "../profiles/environment-port.js";
import { createSessionOutput } from "./session-output.js";

/**
 * The program's parent on the terminal: a node process that runs it with exactly its environment
 * and the terminal as its stdio, ignores the terminal's signals itself (^C reaches the program,
 * not it), and writes how the program ended (exit code or signal) to a status file. It writes
 * `ready` to fd 3 (and closes it) once the program runs: before that a ^C would end the parent
 * (node starts with the default dispositions) or miss the program, so the environment waits for
 * that word before it reads or types. util-linux
 * `script` reports a signal death as the exit code 128 + n, which a program can also exit with;
 * the status file keeps the two apart. Arguments: status file, the environment as base64 JSON,
 * the program, its arguments.
 */
const TERMINAL_PARENT = [
  "const [statusFile, envText, file, ...args] = process.argv.slice(1);",
  'for (const signal of ["SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP", "SIGTSTP", "SIGTTIN", "SIGTTOU"]) process.on(signal, () => {});',
  'const env = JSON.parse(Buffer.from(envText, "base64").toString("utf8"));',
  'const fs = require("node:fs");',
  "const end = (status) => { fs.writeFileSync(statusFile, JSON.stringify(status)); process.exit(status.exitCode ?? 1); };",
  // stdio 0-2 only: fd 3 (the ready pipe) is not the program's
  'const child = require("node:child_process").spawn(file, args, { stdio: "inherit", env });',
  // fd 3: the program runs now and the terminal's signals reach it, not this parent; closed at once
  'child.on("spawn", () => { try { fs.writeSync(3, "ready"); fs.closeSync(3); } catch {} });',
  'child.on("error", (error) => end({ error: error.code ?? "EIO", message: error.message }));',
  'child.on("exit", (exitCode, signal) => end({ exitCode, signal }));',
].join("\n");

/** A word for `sh -c`. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const SESSION_DEADLINE_MS = 120000;

/** How long a read or write waits at most for TERMINAL_PARENT's `ready`. */
const READY_LIMIT_MS = 10000;

/**
 * Starts a program on a new pseudo-terminal (CommandSpec.terminal): util-linux `script -qe` makes
 * the terminal (the kernel's default settings; a session leader with it as its controlling
 * terminal), `stty` gives it the window size, and TERMINAL_PARENT runs the program with the
 * command's own environment. The output is what `script` copies from the terminal's master side;
 * `write` types into the terminal (script's stdin, kept open). Killed with every descendant when
 * it ends, at `kill`, or at its deadline.
 */
export function startTerminalSession(command: CommandSpec, terminal: { rows: number; cols: number }): SessionHandle {
  const output = createSessionOutput();
  const tree = createProcessTree();
  const folder = mkdtempSync(join(tmpdir(), "correx-terminal-"));
  const statusFile = join(folder, "status.json");
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const settle = (fact: NonNullable<SessionPiece["ended"]>, error?: FsFailure) => {
    markReady();
    if (!output.end(fact, error)) return;
    clearTimeout(deadline);
    tree.kill();
    rmSync(folder, { recursive: true, force: true });
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
      stdio: ["pipe", "pipe", "ignore", "pipe"],
    });
    const signalled = child.stdio[3] as NodeJS.ReadableStream | null;
    signalled?.on("data", () => markReady());
    signalled?.on("close", () => markReady());
    signalled?.on("error", () => markReady());
    (signalled as unknown as { unref?: () => void } | null)?.unref?.();
    tree.attach(child.pid);
    child.unref();
    stdin = child.stdin;
    child.stdin?.on("error", () => {});
    (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
    child.stdout?.on("data", (chunk: Buffer) => output.push("stdout", chunk));
    child.on("error", (error) => settle({ exitCode: null, signal: null }, failureOf(error)));
    child.on("close", (code, signal) => settle(statusOf(statusFile) ?? { exitCode: code, signal: signal ?? null }));
  } catch (error) {
    settle({ exitCode: null, signal: null }, failureOf(error));
    markReady();
  }
  /** The parent is ready (its handlers in place), it has ended, or READY_LIMIT_MS passed. */
  const started = () => Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, READY_LIMIT_MS).unref())]);
  return {
    async read(waitMs) {
      await started();
      return output.read(waitMs);
    },
    kill: () => tree.kill(),
    async write(bytes) {
      await started();
      if (output.hasEnded || stdin === null) return;
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
