import { dirnamePath, normalizePath, resolvePath } from "../../text/path-posix.js";
import { type CommandChunk, type CommandRunFact, commandBytes } from "../environment-port.js";
import { findOnPath } from "../find-on-path.js";
import { UnsupportedError } from "../profile.js";
import { effectFsErrorText } from "./effect-fs-error.js";
import { type OpencodeRunContext, V2_DEFECT_PREFIX } from "./opencode-runtime.js";

/** opencode's default bash timeout. @see spec §2.1, §2.1b */
export const BASH_DEFAULT_TIMEOUT_MS = 120000;
/** v1 races exit against `sleep(timeout + 100 ms)`. @see spec §2.1 */
const V1_TIMEOUT_GRACE_MS = 100;
/** v2 captures at most this many bytes of the combined output (bundle `GP`). @see spec §2.1b */
const V2_CAPTURE_BYTES = 1048576;

/**
 * bash, by runtime.
 *
 * v1: the command runs through `bash` from the agent's PATH, else `/bin/sh`, as `<shell> -c <command>`
 * in the call's workdir (resolved against the workspace), with the agent's environment and `PWD`
 * set to that directory; stdout and stderr are two pipes appended in arrival order (output
 * written to both within a few ms is a race: unsupported); the group is
 * killed at timeout + 100 ms; the bytes are decoded as UTF-8 by a streaming TextDecoder that is
 * never flushed (U+FFFD for invalid sequences, an incomplete one at the end dropped, a leading BOM
 * dropped); a shell ended by a signal reads as a timeout.
 *
 * v2 (bundle `BashTool`): the workdir (default `.`) must be a directory — anything else, like every
 * failure of the tool, is `Unable to execute command: <command>`; the shell is `/bin/sh` (no shell
 * is configured); the command runs in the workdir's canonical path with the agent's environment,
 * output combined, killed at the timeout itself; the captured bytes are decoded with
 * `Buffer.toString("utf8")` (a BOM kept), the first 1 MiB of them; a shell ended by a signal is
 * `Unable to execute command`. Absolute command arguments outside the workdir give the advisory
 * warnings (`externalCommandDirectories`).
 * @see spec §2.1 (Running), §2.1b; the 1.18.33 binary's bundle (BashTool, vX, iX, oX)
 */
export async function runBash(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  return context.runtime === "v2" ? runBashV2(context) : runBashV1(context);
}

async function runBashV1(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  const command = input.command as string;
  if (command === "") return { error: EMPTY_COMMAND };
  const timeoutMs = typeof input.timeout === "number" && input.timeout >= 0 ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
  const cwd = typeof input.workdir === "string" ? resolvePath(environment.workspace, input.workdir) : environment.workspace;
  // bash from the agent's PATH (`/usr/bin/bash` here), else /bin/sh
  const shell = (await findOnPath(environment, "bash")) ?? "/bin/sh";
  // The workdir is checked with FileSystem.access, then the shell is spawned there (the binary:
  // a missing workdir → `NotFound: FileSystem.access (…)`, a file → Bun's spawn error).
  const workdir = await environment.stat(cwd);
  if (workdir.kind === "missing") return { error: effectFsErrorText(workdir.failure ?? "ENOENT", "access", cwd) };
  if (workdir.kind !== "directory") return { error: `ENOTDIR: not a directory, posix_spawn '${shell}'` };
  const run = await environment.run({ file: shell, args: ["-c", command], cwd, env: { ...environment.agentEnv, PWD: cwd }, timeoutMs: timeoutMs + V1_TIMEOUT_GRACE_MS, stderr: "separate" });
  const race = pipeRace(run.chunks);
  if (race !== undefined) throw new UnsupportedError(`opencode-cli bash: ${race}`);
  // A streaming decoder that is never flushed: an incomplete sequence at the very end is dropped
  // (the binary: `printf 'caf\303'` → `caf`, `a\303(b` → `a�(b`, a leading BOM dropped).
  const output = run.spawnError ? run.spawnError.message : new TextDecoder().decode(commandBytes(run), { stream: true });
  // A shell ended by a signal never settles the v1 runner's exit wait: it reports the timeout
  // (the binary: `echo before; kill -9 $$` with timeout 3000 → `before` and the timeout note).
  const timedOut = run.timedOut || (run.exitCode === null && run.spawnError === undefined);
  return timedOut ? { output, exitCode: run.exitCode, timedOut: true } : { output, exitCode: run.exitCode };
}

/**
 * v1 reads its command's output as Effect's merge of the stdout and stderr streams. stdout
 * followed by stderr kept its order in every probe (`echo out; echo err >&2` → `out⏎err⏎`), but
 * stdout that follows stderr reached it in either order, even 100 ms apart (`echo err >&2; echo
 * out` gave `out⏎err⏎`, `echo e1 >&2; echo e2 >&2; echo o1` gave `e1⏎e2⏎o1⏎`, `echo one; sleep
 * 0.1; echo two >&2; sleep 0.1; echo three` gave `one⏎three⏎two⏎`). Such output is a race, not a
 * rule; undefined when there is none.
 * @see spec §2.1 v1; the 1.18.33 bundle (`ShellTool.run`: `decodeText(D.all)`); probes of 2026-12-01, differential seeds 6001, 7001
 */
function pipeRace(chunks: readonly CommandChunk[]): string | undefined {
  let stderrSeen = false;
  for (const chunk of chunks) {
    if (chunk.stream === "stderr") stderrSeen = true;
    else if (stderrSeen) return "stdout that follows stderr reaches the v1 runner in either order (a race of its merged streams, not modelled)";
  }
  return undefined;
}

/** What spawning an empty command throws (Bun; v1 shows it as the tool error, v2 as a defect). @see probes: seeds 6001, 6002 */
const EMPTY_COMMAND = "The argument 'file' cannot be empty. Received ''";

async function runBashV2(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  const command = input.command as string;
  if (command === "") return { error: `${V2_DEFECT_PREFIX}${EMPTY_COMMAND}` };
  const unable = { error: `Unable to execute command: ${command}` };
  const workdir = await environment.stat(resolvePath(environment.workspace, typeof input.workdir === "string" ? input.workdir : "."));
  if (workdir.kind !== "directory" || workdir.realPath === undefined) return unable;
  const canonical = workdir.realPath;
  const warnings = externalCommandDirectories(command, canonical).map(
    (directory) =>
      `Command argument references external directory ${directory === "/" ? "/*" : `${directory}/*`}. Bash runs with host-user filesystem, process, and network authority; this scan is advisory only.`,
  );
  const timeoutMs = typeof input.timeout === "number" ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
  const run: CommandRunFact = await environment.run({ file: "/bin/sh", args: ["-c", command], cwd: canonical, env: environment.agentEnv, timeoutMs, stderr: "merged" });
  if (run.spawnError) return unable;
  const extra = warnings.length > 0 ? { warnings } : {};
  if (run.timedOut) return { output: "", exitCode: null, timedOut: true, ...extra };
  const all = commandBytes(run);
  // The runner keeps the first 1 MiB and notes the cut (probe: `yes abcdefghi | head -c 1200000` ends in `abcdef`).
  const captureTruncated = all.length > V2_CAPTURE_BYTES;
  const bytes = captureTruncated ? all.subarray(0, V2_CAPTURE_BYTES) : all;
  // A shell ended by a signal fails the tool (the binary: `echo before; kill -9 $$` and `kill -TERM $$`).
  if (run.exitCode === null) return unable;
  return { output: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), exitCode: run.exitCode, ...(captureTruncated ? { captureTruncated: true } : {}), ...extra };
}

/**
 * The directories outside `canonical` that absolute command arguments name: the command split
 * into shell-like words (quoted runs kept together), outer quotes and trailing `;,|&` removed;
 * each absolute path not inside the workdir adds its parent directory once, in order.
 * @see spec §2.1b (warnings); bundle `BashTool.externalCommandDirectories` (nX, lX, oX)
 */
export function externalCommandDirectories(command: string, canonical: string): string[] {
  const found: string[] = [];
  for (const word of command.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? []) {
    const argument = word.replace(/^(['"])(.*)\1$/, "$2").replace(/[;,|&]+$/, "");
    if (!argument.startsWith("/")) continue;
    const path = normalizePath(argument).replace(/(.)\/+$/, "$1");
    if (path === canonical || path.startsWith(`${canonical}/`)) continue;
    const directory = dirnamePath(path);
    if (!found.includes(directory)) found.push(directory);
  }
  return found;
}
