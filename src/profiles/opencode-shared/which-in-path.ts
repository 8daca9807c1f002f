import type { EnvironmentPort } from "../environment-port.js";

/**
 * A program looked up in the agent's PATH as Bun's spawn does: the first `<dir>/<name>` that is a
 * file (`/usr/bin/bash`, `/usr/bin/rg` on a merged-/usr system), else undefined. Its path shows in
 * spawn errors (`posix_spawn '/usr/bin/rg'`).
 * @see the 1.18.33 binary (probes of 2026-12-01)
 */
export async function whichInPath(environment: EnvironmentPort, name: string): Promise<string | undefined> {
  for (const directory of (environment.agentEnv.PATH ?? "").split(":")) {
    if (!directory.startsWith("/")) continue;
    const candidate = `${directory.replace(/\/+$/, "")}/${name}`;
    if ((await environment.stat(candidate)).kind === "file") return candidate;
  }
  return undefined;
}
