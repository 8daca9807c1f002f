import { joinPath } from "../text/path-posix.js";
import type { EnvironmentPort } from "./environment-port.js";

/**
 * A program looked up in the agent's PATH as a spawn of a bare name resolves it: the first
 * `<dir>/<name>` that is a file (`/usr/bin/bash`, `/usr/bin/rg` on a merged-/usr system), else
 * undefined. Agents name that path in their spawn errors and run it.
 * @see opencode 1.18.33 (probes of 2026-12-01: `posix_spawn '/usr/bin/rg'`); gemini-cli spec §4 (the shell)
 */
export async function findOnPath(environment: EnvironmentPort, name: string): Promise<string | undefined> {
  for (const directory of (environment.agentEnv.PATH ?? "").split(":")) {
    if (!directory) continue;
    const candidate = joinPath(directory, name);
    if ((await environment.stat(candidate)).kind === "file") return candidate;
  }
  return undefined;
}
