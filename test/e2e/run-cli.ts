import { spawnSync } from "node:child_process";

export const cliPath = new URL("../../dist/cli/correx.cjs", import.meta.url).pathname;
export const repoRoot = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run build` first; `npm test` does). */
export function runCli(args: string[], options: { input?: string | Buffer; cwd?: string; env?: Record<string, string | undefined> } = {}): CliRun {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    input: options.input,
    cwd: options.cwd,
    env: { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined, ...options.env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh temp folder, removed after the calling test file (see test/temp-dirs.ts). */
export { makeTempDir } from "../temp-dirs.js";
