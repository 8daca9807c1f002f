import { describe, expect, it } from "vitest";
import type { CommandSpec, EnvironmentPort, PathFact } from "../environment-port.js";
import { runOpencodeTool } from "./run-opencode-tool.js";

/** A port over a fixed file table that records every command, so the runtimes' rules can be read off. */
function stubEnvironment(paths: Record<string, PathFact>, output = new Uint8Array()): EnvironmentPort & { commands: CommandSpec[] } {
  const commands: CommandSpec[] = [];
  return {
    commands,
    workspace: "/w",
    agentEnv: { HOME: "/agent-home" },
    stat: async (path) => paths[path] ?? { kind: "missing", symlink: false },
    readFile: async () => ({ failure: "EIO", message: "no reads here" }),
    listDirectory: async () => [],
    writeFile: async () => ({ failure: "EISDIR", message: "EISDIR: illegal operation on a directory" }),
    run: async (command) => {
      commands.push(command);
      return { chunks: [{ stream: "stdout", bytes: output }], exitCode: command.file === "rg" ? 2 : 0, signal: null, timedOut: false };
    },
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}
const dir = (realPath: string): PathFact => ({ kind: "directory", symlink: false, realPath });
const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);

describe("opencode runtimes through the environment port (spec §2.1, §2.1b, §2.3, §2.6; the 1.18.33 bundle; campaign seed 12)", () => {
  it("v2 bash: /bin/sh in the workdir's canonical path with the agent's environment, BOM kept, external-directory warnings", async () => {
    const environment = stubEnvironment({ "/w": dir("/real/w") }, bom);
    const observation = await runOpencodeTool("v2", { tool: "bash", input: { command: "cat /etc/hosts" } }, environment);
    expect(environment.commands.map((command) => [command.file, command.args, command.cwd, command.env, command.timeoutMs])).toEqual([
      ["/bin/sh", ["-c", "cat /etc/hosts"], "/real/w", { HOME: "/agent-home" }, 120000],
    ]);
    expect(observation).toEqual({
      output: "\uFEFFhi",
      exitCode: 0,
      warnings: ["Command argument references external directory /etc/*. Bash runs with host-user filesystem, process, and network authority; this scan is advisory only."],
    });
  });
  it("v2 bash: a missing or non-directory workdir is `Unable to execute command`, nothing runs", async () => {
    const environment = stubEnvironment({ "/w/f": { kind: "file", symlink: false, size: 1, realPath: "/w/f" } });
    expect(await runOpencodeTool("v2", { tool: "bash", input: { command: "ls", workdir: "f" } }, environment)).toEqual({ error: "Unable to execute command: ls" });
    expect(await runOpencodeTool("v2", { tool: "bash", input: { command: "ls", workdir: "gone" } }, environment)).toEqual({ error: "Unable to execute command: ls" });
    expect(environment.commands).toEqual([]);
  });
  it("v1 bash: bash when present, PWD set, timeout + 100 ms, a leading BOM dropped", async () => {
    const environment = stubEnvironment({ "/bin/bash": { kind: "file", symlink: false, size: 1, realPath: "/bin/bash" } }, bom);
    const observation = await runOpencodeTool("v1", { tool: "Bash", input: { command: "echo", timeout: 500 } }, environment);
    expect(environment.commands.map((command) => [command.file, command.env.PWD, command.timeoutMs, command.stderr])).toEqual([["/bin/bash", "/w", 600, "merged"]]);
    expect(observation).toEqual({ output: "hi", exitCode: 0 });
  });
  it("a failed write: v2 `Unable to write <path as given>`; v1 is unsupported, naming the rule", async () => {
    const environment = stubEnvironment({});
    expect(await runOpencodeTool("v2", { tool: "write", input: { path: "d", content: "x" } }, environment)).toEqual({ error: "Unable to write d" });
    await expect(runOpencodeTool("v1", { tool: "write", input: { filePath: "d", content: "x" } }, environment)).rejects.toThrow(/FileSystem/);
  });
  it("glob: v2 `Unable to find files matching` for a missing path and a ripgrep error; v1 its own texts", async () => {
    const environment = stubEnvironment({ "/w": dir("/w") });
    expect(await runOpencodeTool("v2", { tool: "glob", input: { pattern: "*", path: "gone" } }, environment)).toEqual({ error: "Unable to find files matching *" });
    expect(await runOpencodeTool("v2", { tool: "glob", input: { pattern: "[" } }, environment)).toEqual({ error: "Unable to find files matching [" });
    expect(await runOpencodeTool("v1", { tool: "glob", input: { pattern: "*", path: "gone" } }, environment)).toEqual({ error: "glob path must be a directory: /w/gone" });
    await expect(runOpencodeTool("v1", { tool: "glob", input: { pattern: "[" } }, environment)).rejects.toThrow(/ripgrep error/);
  });
});
