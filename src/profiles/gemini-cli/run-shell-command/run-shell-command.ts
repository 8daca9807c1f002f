import { encodeBase64 } from "../../../text/base64.js";
import { resolvePath } from "../../../text/path-posix.js";
import type { EnvironmentPort } from "../../environment-port.js";
import { findOnPath } from "../../find-on-path.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";
import { workspaceViolation } from "../gemini-workspace.js";
import { hasCommandSubstitution } from "./shell-command-substitution.js";

/** bash options Gemini CLI turns off before every command. @see spec §2.1 */
const SHOPT_GUARD = "shopt -u promptvars nullglob extglob nocaseglob dotglob;";
/** How long a background command may run before it is moved to the background. @see spec §2.6 */
export const BACKGROUND_DELAY_MS = 200;
/** The variables Gemini CLI sets on top of its own environment. @see spec §2.1 */
const SHELL_ENV: Readonly<Record<string, string>> = {
  GEMINI_CLI: "1",
  TERM: "xterm-256color",
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_SYSTEM: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_KEY_0: "credential.helper",
  GIT_CONFIG_VALUE_0: "",
  GIT_CONFIG_KEY_1: "core.fsmonitor",
  GIT_CONFIG_VALUE_1: "",
  GIT_CONFIG_KEY_2: "core.hooksPath",
  GIT_CONFIG_VALUE_2: "",
  GIT_CONFIG_KEY_3: "core.sshCommand",
  GIT_CONFIG_VALUE_3: "",
  GIT_CONFIG_KEY_4: "core.pager",
  GIT_CONFIG_VALUE_4: "cat",
  GIT_CONFIG_KEY_5: "core.editor",
  GIT_CONFIG_VALUE_5: "",
  GIT_CONFIG_KEY_6: "sequence.editor",
  GIT_CONFIG_VALUE_6: "",
  GIT_CONFIG_KEY_7: "diff.external",
  GIT_CONFIG_VALUE_7: "",
  GIT_CONFIG_COUNT: "8",
  GIT_TERMINAL_PROMPT: "0",
  GIT_ASKPASS: "",
  SSH_ASKPASS: "",
  GH_PROMPT_DISABLED: "1",
  GCM_INTERACTIVE: "never",
  DISPLAY: "",
  DBUS_SESSION_BUS_ADDRESS: "",
};

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * run_shell_command: refused calls (invalid arguments, an empty command, a `dir_path` outside the
 * workspace, command substitution) run nothing and observe `{}`; otherwise the command runs as
 * Gemini CLI runs it — wrapped to record `jobs -p` at exit, behind the shopt guard, through
 * `bash -c` found on PATH, stdin ignored, stdout and stderr on separate pipes, in `dir_path`
 * (resolved against the workspace) — and every chunk is kept with its stream.
 * @see docs/spec/gemini-cli-0.61.0.md §2.1, §2.6, §2.7
 */
export async function runShellCommand(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (geminiParamsError("run_shell_command", callInput) !== null) return {};
  const input = geminiInput(callInput);
  const command = input.command as string;
  if (!command.trim() || hasCommandSubstitution(command)) return {};
  const cwd = typeof input.dir_path === "string" && input.dir_path !== "" ? resolvePath(environment.workspace, input.dir_path) : environment.workspace;
  if (workspaceViolation(cwd, environment) !== null) return {};
  const bash = (await findOnPath(environment, "bash")) ?? "bash";
  // node's spawn names the file only for ENOENT (and a few others): a cwd that is a file, or below
  // one, fails as `spawn ENOTDIR`. §2.7
  const place = await environment.stat(cwd);
  if (place.kind === "file" || place.failure === "ENOTDIR") return { chunks: [], exitCode: null, signal: null, spawnFailure: "spawn ENOTDIR" };
  if (place.kind !== "directory") return { chunks: [], exitCode: null, signal: null, spawnFailure: `spawn ${bash} ENOENT` };

  const jobsFile = `/tmp/correx-gemini-bgpids-${Math.random().toString(36).slice(2)}.tmp`;
  let trimmed = command.trim();
  if (trimmed.endsWith("\\")) trimmed += " ";
  // Gemini CLI's wrapper, plus a command recording the shell's pid (the process group id the CLI
  // reports; the command cannot tell the difference) beside the jobs file, on the wrapper's first
  // line, so that bash's line numbers in its own errors stay the CLI's (`-c: line 4: syntax error`,
  // observed: differential seed 28103).
  const wrapped = `_bgpids_file=${quote(jobsFile)}; echo $$ > "$_bgpids_file.pid"\n(\n  trap 'jobs -p > "$_bgpids_file"' EXIT\n${trimmed}\n)\n__code=$?\nexit $__code`;
  const env = { ...environment.agentEnv, ...SHELL_ENV, PWD: cwd };
  const background = input.is_background === true;
  const delay = typeof input.delay_ms === "number" ? input.delay_ms : BACKGROUND_DELAY_MS;
  const run = await environment.run({ file: bash, args: ["-c", `${SHOPT_GUARD} ${wrapped}`], cwd, env, stderr: "separate", ...(background ? { timeoutMs: delay } : {}) });
  if (run.spawnError) return { chunks: [], exitCode: null, signal: null, spawnFailure: `spawn ${bash} ${run.spawnError.failure}` };
  if (background && run.timedOut) {
    const started = await environment.readFile(`${jobsFile}.pid`);
    await environment.run({ file: "rm", args: ["-f", jobsFile, `${jobsFile}.pid`], cwd: "/", env: environment.agentEnv });
    const pid = started instanceof Uint8Array ? Number.parseInt(new TextDecoder().decode(started), 10) : Number.NaN;
    return { chunks: [], exitCode: null, signal: null, running: true, ...(Number.isInteger(pid) ? { pid } : {}) };
  }
  const jobsBytes = await environment.readFile(jobsFile);
  const pidBytes = await environment.readFile(`${jobsFile}.pid`);
  await environment.run({ file: "rm", args: ["-f", jobsFile, `${jobsFile}.pid`], cwd: "/", env: environment.agentEnv });
  const pid = pidBytes instanceof Uint8Array ? Number.parseInt(new TextDecoder().decode(pidBytes), 10) : Number.NaN;
  const jobs =
    jobsBytes instanceof Uint8Array
      ? new TextDecoder()
          .decode(jobsBytes)
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => /^\d+$/.test(line))
          .map(Number)
      : [];
  return {
    chunks: run.chunks.map((chunk) => ({ stream: chunk.stream, base64: encodeBase64(chunk.bytes) })),
    exitCode: run.exitCode,
    signal: run.signal,
    ...(Number.isInteger(pid) ? { pid } : {}),
    ...(jobs.length > 0 ? { jobs } : {}),
  };
}
