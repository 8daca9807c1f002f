import type { CommandRunObservation } from "../../../generated/schema-types.js";
import { encodeBase64 } from "../../../text/base64.js";
import { resolvePath } from "../../../text/path-posix.js";
import { commandBytes, type EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { runApplyPatch } from "../apply-patch/run-apply-patch.js";
import { rustIoError } from "../rust-io-error.js";
import { execDisposition, USER_SHELL } from "./exec-policy.js";

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

/** A six-hex-digit chunk id, as Codex draws one per result (volatile: redacted). */
function chunkId(): string {
  return Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, "0");
}

/**
 * exec_command: `/bin/bash -c <cmd>` (the user's shell; `login` true or false alike, see
 * exec-policy.ts; no PTY) in `workdir` resolved against the workspace, with the agent's
 * environment plus UNIFIED_EXEC_ENV and PWD; stdout and stderr read as they arrive; the profile
 * waits for the yield time (default 10 s, clamped to 250…30000 ms). A command still running then
 * is a running session (the profile stops it: it keeps no live sessions). A process that cannot
 * be created is a spawn failure with Rust's wording of the errno. A command Codex refuses runs
 * nothing (`{}`); an apply_patch heredoc is applied as Codex applies it (`{patch}`).
 * @see spec §2.1, §2.3, §2.4, §2.6, §2.7
 */
export async function runExecCommand(input: Record<string, unknown>, environment: EnvironmentPort): Promise<CommandRunObservation> {
  const disposition = execDisposition(input);
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
  const cwd = base;
  const requested = typeof input.yield_time_ms === "number" ? input.yield_time_ms : DEFAULT_YIELD_TIME_MS;
  const yieldMs = Math.min(Math.max(requested, MIN_YIELD_TIME_MS), MAX_YIELD_TIME_MS);
  const started = performance.now();
  const run = await environment.run({
    file: USER_SHELL,
    args: ["-c", input.cmd as string],
    cwd,
    env: { ...environment.agentEnv, ...UNIFIED_EXEC_ENV, PWD: cwd },
    timeoutMs: yieldMs,
    stderr: "separate",
  });
  const wallTimeSeconds = (performance.now() - started) / 1000;
  if (run.spawnError) return { spawnFailure: rustIoError(run.spawnError.failure) };
  const bytes = commandBytes(run);
  const output = isUtf8(bytes) ? { output: new TextDecoder().decode(bytes) } : { outputBase64: encodeBase64(bytes) };
  if (run.timedOut) return { ...output, running: true, sessionId: 1000 + Math.floor(Math.random() * 99000), chunkId: chunkId(), wallTimeSeconds };
  if (run.exitCode === null) {
    if (run.signal === null) throw new UnsupportedError("codex-cli: a command that ended without an exit code or a signal is not modelled");
    return { ...output, exitCode: null, signal: run.signal, chunkId: chunkId(), wallTimeSeconds };
  }
  return { ...output, exitCode: run.exitCode, chunkId: chunkId(), wallTimeSeconds };
}

/**
 * write_stdin: the profile keeps no live sessions, so a session id Codex could never have given
 * (outside 1000…99999) is an unknown session; any other id may be a live session of the agent's,
 * which the profile does not model.
 * @see spec §2.5 (observed: `write_stdin failed: Unknown process id 1`; source process_manager.rs allocates 1000..100000)
 */
export function runWriteStdin(input: Record<string, unknown>): CommandRunObservation {
  const id = input.session_id as number;
  if (id >= 1000 && id < 100000) throw new UnsupportedError("codex-cli: write_stdin to a session the agent may hold live is not modelled");
  return { unknownSession: id };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
