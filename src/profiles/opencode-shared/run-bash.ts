import { resolvePath } from "../../text/path-posix.js";
import { commandBytes } from "../environment-port.js";
import type { OpencodeRunContext } from "./opencode-runtime.js";

/** opencode's default bash timeout. @see spec §2.1, §2.1b */
export const BASH_DEFAULT_TIMEOUT_MS = 120000;
/** opencode races exit against `sleep(timeout + 100 ms)`. @see spec §2.1 */
const TIMEOUT_GRACE_MS = 100;

/**
 * bash: the command runs through the shell opencode picks (`/bin/bash` when present, else
 * `/bin/sh`) as `<shell> -c <command>`, stdin ignored, in the call's workdir (resolved against the
 * workspace), with the environment the agent was given and `PWD` set to that directory; stdout and
 * stderr are one merged stream in arrival order; the whole group is killed at timeout + 100 ms.
 * The bytes are decoded as UTF-8 (U+FFFD for invalid sequences, an incomplete one at the end
 * flushed, a leading BOM dropped as TextDecoder does by default).
 * @see spec §2.1 (Running), §2.1b, README "bash"
 */
export async function runBash(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  const command = input.command as string;
  const timeoutMs = typeof input.timeout === "number" && input.timeout >= 0 ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
  const cwd = typeof input.workdir === "string" ? resolvePath(environment.workspace, input.workdir) : environment.workspace;
  const shell = (await environment.stat("/bin/bash")).kind === "file" ? "/bin/bash" : "/bin/sh";
  const run = await environment.run({ file: shell, args: ["-c", command], cwd, env: { ...environment.agentEnv, PWD: cwd }, timeoutMs: timeoutMs + TIMEOUT_GRACE_MS, stderr: "merged" });
  const output = run.spawnError ? run.spawnError.message : new TextDecoder().decode(commandBytes(run));
  return run.timedOut ? { output, exitCode: run.exitCode, timedOut: true } : { output, exitCode: run.exitCode };
}
