import { rm } from "node:fs/promises";
import { UnsupportedError } from "../profiles/profile.js";

/**
 * Removes a run's workspace so that the scenario's can be laid anew at the same path (the
 * replay's). What the agent left there that cannot be removed (a file it made immutable or
 * append-only, a mount) makes the replay impossible: correx's limit, not the agent's fault, so
 * its calls are `unsupported` with what stood in the way, never a crash of the scenario.
 */
export async function clearScenarioWorkspace(workspace: string): Promise<void> {
  try {
    await rm(workspace, { recursive: true, force: true });
  } catch (error) {
    const { code, path, message } = error as NodeJS.ErrnoException;
    const where = path?.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : "something";
    throw new UnsupportedError(
      `the replay cannot lay the workspace anew: the agent left ${where} in it so that it cannot be removed (${code ?? message}; a file made immutable or append-only, or a mount)`,
    );
  }
}
