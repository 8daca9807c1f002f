import { spawnSync } from "node:child_process";

/** Whether `rg` (ripgrep, which opencode's glob and grep run) can be started on this machine. */
export async function ripgrepAvailable(): Promise<boolean> {
  const run = spawnSync("rg", ["--version"], { stdio: "ignore" });
  return run.error === undefined && run.status === 0;
}
