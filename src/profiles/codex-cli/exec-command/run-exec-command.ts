import type { CommandRunObservation } from "../../../generated/schema-types.js";
import { encodeBase64 } from "../../../text/base64.js";
import { resolvePath } from "../../../text/path-posix.js";
import { type CommandChunk, commandBytes, type EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { runApplyPatch } from "../apply-patch/run-apply-patch.js";
import { argumentsError, WRITE_STDIN_ARGS } from "../codex-arguments.js";
import { rustIoError } from "../rust-io-error.js";
import { forgetSession, keepSession, sessionsOf } from "./codex-sessions.js";
import { execDisposition, execShell } from "./exec-policy.js";
import { lookUpShell } from "./look-up-shell.js";

/** The default yield time and its clamp. @see spec §2.3 (tool description; source codex-rs/core/src/unified_exec/mod.rs) */
export const DEFAULT_YIELD_TIME_MS = 10000;
const MIN_YIELD_TIME_MS = 250;
const MAX_YIELD_TIME_MS = 30000;

/**
 * Variables Codex adds to every command's environment (over the agent's own).
 * @see spec §2.1 (observed with `env | sort`; source codex-rs/core/src/unified_exec/process_manager.rs `UNIFIED_EXEC_ENV`)
 */
export const UNIFIED_EXEC_ENV: Readonly<Record<string, string>> = {
  NO_COLOR: "1",
  TERM: "dumb",
  LANG: "C.UTF-8",
  LC_CTYPE: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  COLORTERM: "",
  PAGER: "cat",
  GIT_PAGER: "cat",
  GH_PAGER: "cat",
  CODEX_CI: "1",
  CODEX_APPLY_PATCH_PRESERVE_LINE_ENDINGS: "1",
  CODEX_VERSION: "0.171.0",
};

/**
 * The terminal of a `tty: true` command: 24 rows of 80 columns, the kernel's default settings
 * (`stty -g` as observed), stdin, stdout and stderr on it, stdin open for write_stdin.
 * @see spec §2.9 (observed bytes: `stty size` answered `24 80`)
 */
export const CODEX_TERMINAL = { rows: 24, cols: 80 } as const;

/** A six-hex-digit chunk id, as Codex draws one per result (volatile: redacted). */
function chunkId(): string {
  return Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, "0");
}

/**
 * exec_command: `/bin/bash -c <cmd>` (the user's shell, or execShell's for an explicit `shell`; `login` true or false alike, see
 * exec-policy.ts; no PTY unless `tty: true`: then a 24 × 80 terminal, CODEX_TERMINAL) in `workdir` resolved against the workspace, with the agent's
 * environment plus UNIFIED_EXEC_ENV and PWD; stdout and stderr read as they arrive; the profile
 * waits for the yield time (default 10 s, clamped to 250…30000 ms). A command still running then
 * is a running session (the profile stops it: it keeps no live sessions). A process that cannot
 * be created is a spawn failure with Rust's wording of the errno. A command Codex refuses runs
 * nothing (`{}`); an apply_patch heredoc is applied as Codex applies it (`{patch}`).
 * @see spec §2.1, §2.3, §2.4, §2.6, §2.7
 */
export async function runExecCommand(input: Record<string, unknown>, environment: EnvironmentPort): Promise<CommandRunObservation> {
  const lookedUpShell = await lookUpShell(input, environment);
  const observation = await runWithShell(input, environment, lookedUpShell);
  // the shell Codex looked up, for the formatter (the rm -f refusal names it)
  return lookedUpShell === undefined ? observation : { ...observation, shell: lookedUpShell };
}

async function runWithShell(input: Record<string, unknown>, environment: EnvironmentPort, lookedUpShell: string | undefined): Promise<CommandRunObservation> {
  const disposition = execDisposition(input, lookedUpShell);
  if (disposition.kind === "refused") return {};
  const base = typeof input.workdir === "string" ? resolvePath(environment.workspace, input.workdir) : environment.workspace;
  if (disposition.kind === "patch") {
    const cwd = disposition.patch.cd === null ? base : resolvePath(base, disposition.patch.cd);
    const fact = await environment.stat(cwd);
    if (fact.kind !== "directory") throw new UnsupportedError("codex-cli: an intercepted apply_patch in a folder that does not exist is not modelled");
    const started = performance.now();
    const patch = await runApplyPatch(disposition.patch.patch, environment, cwd);
    return { patch, wallTimeSeconds: (performance.now() - started) / 1000 };
  }
  const tty = input.tty === true;
  const cwd = tty ? await terminalCwd(base, environment) : base;
  const requested = typeof input.yield_time_ms === "number" ? input.yield_time_ms : DEFAULT_YIELD_TIME_MS;
  const yieldMs = Math.min(Math.max(requested, MIN_YIELD_TIME_MS), MAX_YIELD_TIME_MS);
  const spec = {
    file: execShell(input, lookedUpShell),
    args: ["-c", input.cmd as string],
    cwd,
    env: { ...environment.agentEnv, ...UNIFIED_EXEC_ENV, PWD: cwd },
    stderr: "separate" as const,
    ...(tty ? { terminal: CODEX_TERMINAL } : {}),
  };
  const started = performance.now();
  if (environment.startSession !== undefined) {
    const handle = environment.startSession(spec);
    const piece = await handle.read(yieldMs);
    const wallTimeSeconds = (performance.now() - started) / 1000;
    // a terminal's folder is known to exist (terminalCwd): a spawn failure is the environment's terminal, not Codex's
    if (piece.spawnError && tty) throw new UnsupportedError(`codex-cli: this environment could not start a terminal session (${piece.spawnError.failure}: util-linux script missing?)`);
    if (piece.spawnError) return { spawnFailure: rustIoError(piece.spawnError.failure) };
    const output = outputOf(piece.chunks);
    if (piece.ended === null) return { ...output, running: true, sessionId: keepSession(environment, handle), chunkId: chunkId(), wallTimeSeconds };
    return { ...output, ...endOf(piece.ended, tty), chunkId: chunkId(), wallTimeSeconds };
  }
  if (tty) throw new UnsupportedError("codex-cli: exec_command with tty: true needs an environment that can start terminal sessions");
  const run = await environment.run({ ...spec, timeoutMs: yieldMs });
  const wallTimeSeconds = (performance.now() - started) / 1000;
  if (run.spawnError) return { spawnFailure: rustIoError(run.spawnError.failure) };
  const output = outputOf(run.chunks);
  if (run.timedOut) return { ...output, running: true, sessionId: 1000 + Math.floor(Math.random() * 99000), chunkId: chunkId(), wallTimeSeconds };
  return { ...output, ...endOf(run, false), chunkId: chunkId(), wallTimeSeconds };
}

/**
 * Where a `tty: true` command runs: its workdir when that is a directory, else the home folder
 * (the command's HOME): `pwd` in a missing workdir printed the agent's HOME and exited 0, where
 * without a terminal the process cannot be created (§2.4).
 * @see spec §2.9 (observed bytes)
 */
async function terminalCwd(cwd: string, environment: EnvironmentPort): Promise<string> {
  if ((await environment.stat(cwd)).kind === "directory") return cwd;
  const home = environment.agentEnv.HOME;
  if (home === undefined || home === "") throw new UnsupportedError("codex-cli: a tty: true command whose workdir is not a folder, without HOME, is not modelled");
  return home;
}

/** The output bytes as an observation field: text when they are UTF-8, else base64. */
function outputOf(chunks: readonly CommandChunk[]): { output: string } | { outputBase64: string } {
  const bytes = commandBytes({ chunks: [...chunks], exitCode: null, signal: null, timedOut: false });
  return isUtf8(bytes) ? { output: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) } : { outputBase64: encodeBase64(bytes) };
}

/**
 * How a command ended: its exit code, or the signal that ended it. On a terminal (`tty: true`) a
 * signal death is exit code 1 (SIGTERM and ^C's SIGINT both answered `Process exited with code 1`).
 * @see spec §2.2, §2.9 (observed bytes)
 */
function endOf(ended: { exitCode: number | null; signal: string | null }, terminal: boolean): { exitCode: number } | { exitCode: null; signal: string } {
  if (ended.exitCode !== null) return { exitCode: ended.exitCode };
  if (ended.signal === null) throw new UnsupportedError("codex-cli: a command that ended without an exit code or a signal is not modelled");
  return terminal ? { exitCode: 1 } : { exitCode: null, signal: ended.signal };
}

/** write_stdin's default yield time, and the floor and ceiling of an empty poll's. @see spec §2.5 (source codex-rs/core/src/unified_exec: 250 ms; empty polls 5000…300000 ms) */
const WRITE_STDIN_DEFAULT_YIELD_MS = 250;
const EMPTY_POLL_MIN_MS = 5000;
const EMPTY_POLL_MAX_MS = 300000;

/** The interrupt character: written alone to a session without a terminal, Codex signals the process instead. @see spec §2.5 */
const CTRL_C = "\u0003";

/**
 * write_stdin: to a session the profile holds (one of this replay's commands still running), an
 * empty `chars` polls it — waiting up to the yield time (default 250 ms; an empty poll at least
 * 5 s, at most 300 s) or until it ends — and reports the output since the last read and, once it
 * has ended, its exit code (the session is then gone); non-empty `chars` is refused, stdin being
 * closed (no PTY), except on a `tty: true` session, where the characters are typed into its
 * terminal (its echo is output too) and the result is read as a poll's, up to the yield time
 * (250…30000 ms). `chars` of ^C alone to a session without a terminal sends SIGINT to its process
 * group and is read the same way (`sleep 40` then exits with 130). Any other id is an unknown session. An environment that cannot keep sessions
 * falls back to the rule without them: an id Codex could have given (1000…99999) is unsupported.
 * Only `session_id` is parsed before the look-up; the other fields are parsed for a held session
 * only (an argument refused there reads and writes nothing).
 * @see spec §2.5 (observed bytes)
 */
export async function runWriteStdin(input: Record<string, unknown>, environment: EnvironmentPort): Promise<CommandRunObservation> {
  const id = input.session_id as number;
  if (environment.startSession === undefined) {
    if (id >= 1000 && id < 100000) throw new UnsupportedError("codex-cli: write_stdin to a session the agent may hold live is not modelled");
    return { unknownSession: id };
  }
  const handle = sessionsOf(environment).get(id);
  if (handle === undefined) return { unknownSession: id };
  // the other fields are parsed only now, for a session Codex holds: refused, nothing is read or written (spec §2.5)
  if (argumentsError(input, WRITE_STDIN_ARGS) !== null) return {};
  const chars = typeof input.chars === "string" ? input.chars : "";
  const terminal = handle.write !== undefined;
  // ^C alone to a session without a terminal interrupts it (SIGINT) instead of being refused (spec §2.5, observed)
  const interrupt = chars === CTRL_C && !terminal;
  if (chars !== "" && !terminal && !interrupt) return { stdinClosed: true };
  if (interrupt && handle.signal === undefined) throw new UnsupportedError("codex-cli: write_stdin ^C needs an environment that can signal a session");
  const requested = typeof input.yield_time_ms === "number" ? input.yield_time_ms : WRITE_STDIN_DEFAULT_YIELD_MS;
  const clamped = Math.max(requested, MIN_YIELD_TIME_MS);
  const waitMs = chars === "" ? Math.min(Math.max(clamped, EMPTY_POLL_MIN_MS), EMPTY_POLL_MAX_MS) : Math.min(clamped, MAX_YIELD_TIME_MS);
  const started = performance.now();
  if (interrupt) await handle.signal!("SIGINT");
  else if (chars !== "") await handle.write!(new TextEncoder().encode(chars));
  const piece = await handle.read(waitMs);
  const wallTimeSeconds = (performance.now() - started) / 1000;
  const output = outputOf(piece.chunks);
  if (piece.ended === null) return { ...output, running: true, sessionId: id, chunkId: chunkId(), wallTimeSeconds };
  forgetSession(environment, id);
  return { ...output, ...endOf(piece.ended, terminal), chunkId: chunkId(), wallTimeSeconds };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
