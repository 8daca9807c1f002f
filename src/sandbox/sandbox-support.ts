import { startSandbox } from "./start-sandbox.js";

let probed: Promise<string | null> | undefined;

/**
 * Why a sandbox cannot be made on this machine for this user, or null when one can: starts one,
 * has its worker state a path, and ends it. Asked once per process.
 */
export function sandboxUnavailableReason(): Promise<string | null> {
  probed ??= (async () => {
    try {
      const sandbox = await startSandbox({ startTimeoutMs: 15_000 });
      try {
        await sandbox.call("stat", "/");
      } finally {
        await sandbox.close();
        sandbox.remove();
      }
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();
  return probed;
}
