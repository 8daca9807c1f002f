import { UnsupportedError } from "../../profile.js";
import { rustDebugString } from "../rust-io-error.js";
import { isForcedRm } from "./forced-rm.js";
import { type InterceptedPatch, interceptedPatch } from "./intercepted-apply-patch.js";

/** What Codex does with an exec_command whose arguments parse: refuse it, apply its heredoc patch itself, or run it. */
export type ExecDisposition = { kind: "refused"; text: string } | { kind: "patch"; patch: InterceptedPatch } | { kind: "run" };

/** What Codex answers for a justification without sandbox_permissions. @see spec §2.6 (observed bytes) */
export const JUSTIFICATION_REFUSAL = '`justification` requires an explicit `sandbox_permissions`; use `sandbox_permissions: "require_escalated"` for unsandboxed execution, or omit `justification`.';

/** The shell Codex runs commands with here (the user's shell: /bin/bash for root). @see spec §2.1 */
export const USER_SHELL = "/bin/bash";

/** A shell name's stem as Rust's `Path::file_stem` gives it: the last component without its last `.extension` (a leading dot is part of the name). */
function fileStem(path: string): string | null {
  const name = path
    .split("/")
    .filter((part) => part !== "")
    .pop();
  if (name === undefined || name === "..") return null;
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
}

/** The shell type Codex detects in a model-given `shell`: the exact name, else its file stem, again. @see spec §2.8 (source codex-rs/core/src/shell.rs `detect_shell_type` and its tests) */
export function shellType(path: string): "bash" | "sh" | "zsh" | "powershell" | "cmd" | null {
  const exact: Record<string, "bash" | "sh" | "zsh" | "powershell" | "cmd"> = { zsh: "zsh", sh: "sh", cmd: "cmd", bash: "bash", pwsh: "powershell", powershell: "powershell" };
  const found = exact[path];
  if (found !== undefined) return found;
  const stem = fileStem(path);
  return stem === null || stem === path ? null : shellType(stem);
}

/** Codex's fallback shell, for a name of no type and a shell type that is not installed. @see spec §2.8 (observed) */
export const FALLBACK_SHELL = "/bin/sh";

/**
 * The shell a command runs in: USER_SHELL without `shell`; with one, by the type Codex detects in
 * it: bash is the user's shell (/bin/bash, whatever path was given: `/opt/nothing/bash` ran
 * /bin/bash), a name of no type (`fish`, `dash`, `/usr/bin/env`, empty) Codex's fallback `/bin/sh`.
 * sh, zsh, PowerShell and cmd depend on what is installed: `lookedUp` is what look-up-shell.ts
 * found for them (the first `sh` on the agent's PATH; FALLBACK_SHELL for zsh, PowerShell and cmd
 * when none is installed); without it they are unsupported.
 * @see spec §2.8 (observed bytes; source codex-rs/core/src/shell.rs)
 */
export function execShell(input: Record<string, unknown>, lookedUp?: string): string {
  if (typeof input.shell !== "string") return USER_SHELL;
  const type = shellType(input.shell);
  if (type === null) return FALLBACK_SHELL;
  if (type === "bash") return USER_SHELL;
  if (lookedUp !== undefined) return lookedUp;
  throw new UnsupportedError(`codex-cli: exec_command with a ${type} shell (Codex looks it up on PATH and among what is installed) is not modelled here`);
}

/**
 * Decides, from the arguments alone, what Codex does before running a command (approval policy
 * `never`, sandbox `danger-full-access`, as the example driver configures it):
 * - a `justification` (any string, empty too) without `sandbox_permissions` (absent or null) is
 *   refused with JUSTIFICATION_REFUSAL, before everything below (rm -f, an intercepted patch, a
 *   missing workdir); with `use_default` the command runs;
 * - `sandbox_permissions: "require_escalated"` is refused, before the rm -f check, with
 *   `approval policy is Never; reject command — you cannot ask for escalated permissions if the approval policy is Never`;
 * - an rm -f style command (forced-rm.ts) is refused with the exec failure text
 *   ``exec_command failed: CreateProcess { message: "Rejected(\"`<shell> -lc '<cmd>'` rejected: rm -f style commands are not permitted. Use a safer approach\")" }``
 *   (`-c` with `login: false`; the command quoted as a shell word: `'…'`, or `"…"` when it holds a `'`);
 * - an apply_patch heredoc is applied by Codex itself (intercepted-apply-patch.ts);
 * - anything else runs. `login` true or false runs the same way here, `$0` being `/bin/bash`
 *   (observed), except for PATH, which differs between them and from the agent's: a command that
 *   names PATH or prints the whole environment is unsupported. Whether the shell is a login shell
 *   is a race of the binary (a real `bash -lc` until Codex's login-shell snapshot is ready, the
 *   snapshot sourced into `bash -c` after: `shopt -q login_shell` answered both ways, observed):
 *   a command asking is unsupported. `prefix_rule` changes
 *   nothing without approvals (observed).
 * An explicit `shell` is execShell's (`lookedUpShell`: what look-up-shell.ts found); `tty: true` (a PTY) changes none of this (observed: the rm -f
 * refusal is the same). Not modelled (unsupported): `with_additional_permissions`.
 * @see spec §2.1, §2.6, §2.7 (observed bytes; source codex-rs/core/src/tools/handlers/unified_exec.rs)
 */
export function execDisposition(input: Record<string, unknown>, lookedUpShell?: string): ExecDisposition {
  const shell = execShell(input, lookedUpShell);
  if (input.sandbox_permissions === "with_additional_permissions") throw new UnsupportedError("codex-cli: sandbox_permissions with_additional_permissions is not modelled");
  if (typeof input.justification === "string" && (input.sandbox_permissions === undefined || input.sandbox_permissions === null)) {
    return { kind: "refused", text: JUSTIFICATION_REFUSAL };
  }
  // the escalation refusal comes before the rm -f check (`rm -rf dir` with require_escalated got it, observed)
  if (input.sandbox_permissions === "require_escalated") {
    return { kind: "refused", text: "approval policy is Never; reject command — you cannot ask for escalated permissions if the approval policy is Never" };
  }
  const cmd = input.cmd as string;
  if (/\bPATH\b/.test(cmd) || /(^|[;&|]\s*)(env|printenv|export -p|declare -x|declare -p|set|export)\s*($|[;&]|\|\s*(sort|cat|head|tail)\b)/.test(cmd)) {
    throw new UnsupportedError("codex-cli: the PATH Codex gives commands (its login-shell snapshot, with login: false its arg0 folder, and the codex-path folder) is not modelled");
  }
  if (/\blogin_shell\b/.test(cmd)) {
    throw new UnsupportedError("codex-cli: whether a command runs in a login shell is a race of the binary (a real `bash -lc` until its login-shell snapshot is ready, the snapshot after)");
  }
  const forcedRm = isForcedRm(cmd);
  if (forcedRm) {
    const shown = `${shell} ${input.login === false ? "-c" : "-lc"} ${shellWord(cmd)}`;
    const inner = `\`${shown}\` rejected: rm -f style commands are not permitted. Use a safer approach`;
    return { kind: "refused", text: `exec_command failed: CreateProcess { message: ${rustDebugString(`Rejected(${rustDebugString(inner)})`)} }` };
  }
  const patch = interceptedPatch(cmd);
  if (patch !== null) return { kind: "patch", patch };
  return { kind: "run" };
}

/** A command as Codex quotes it in a message: `'…'` without a single quote inside, `"…"` with one (observed). */
function shellWord(cmd: string): string {
  if (!cmd.includes("'")) return `'${cmd}'`;
  if (/["\\$`!]/.test(cmd)) throw new UnsupportedError("codex-cli: Codex's quoting of a command holding both quote kinds is not modelled");
  return `"${cmd}"`;
}
