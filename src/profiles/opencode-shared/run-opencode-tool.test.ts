import { describe, expect, it } from "vitest";
import type { CommandSpec, EnvironmentPort, PathFact } from "../environment-port.js";
import { opencodeCli } from "../opencode-cli/opencode-cli-profile.js";
import { opencodeCore } from "../opencode-core/opencode-core-profile.js";
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
/** Every input accepted: these tests are about the runners, not the schemas. */
const accept = () => true;
const dir = (realPath: string): PathFact => ({ kind: "directory", symlink: false, realPath });
const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);

describe("opencode runtimes through the environment port (spec §2.1, §2.1b, §2.3, §2.6; the 1.18.33 bundle; campaign seed 12)", () => {
  it("v2 bash: /bin/sh in the workdir's canonical path with the agent's environment, BOM kept, external-directory warnings", async () => {
    const environment = stubEnvironment({ "/w": dir("/real/w") }, bom);
    const observation = await runOpencodeTool("v2", { tool: "bash", input: { command: "cat /etc/hosts" } }, environment, accept);
    expect(environment.commands.map((command) => [command.file, command.args, command.cwd, command.env, command.timeoutMs])).toEqual([
      ["/bin/sh", ["-c", "cat /etc/hosts"], "/real/w", { HOME: "/agent-home" }, 120000],
    ]);
    expect(observation).toEqual({
      output: "\uFEFFhi",
      exitCode: 0,
      warnings: ["Command argument references external directory /etc/*. Bash runs with host-user filesystem, process, and network authority; this scan is advisory only."],
    });
  });
  it("v2: a relative path leaving the workspace (relative_escape) fails read, write, edit and bash with their own texts before any ask, nothing runs (probe of 2026-12-06)", async () => {
    const environment = stubEnvironment({ "/w": dir("/w") });
    const run = (tool: string, input: Record<string, unknown>) => runOpencodeTool("v2", { tool, input }, environment, accept);
    expect(await run("read", { path: "../outside.txt" })).toEqual({ error: "Unable to read ../outside.txt" });
    expect(await run("write", { path: "../outside-w.txt", content: "x\n" })).toEqual({ error: "Unable to write ../outside-w.txt" });
    expect(await run("edit", { path: "sub/../../outside-e.txt", oldString: "a", newString: "b" })).toEqual({ error: "Unable to edit sub/../../outside-e.txt" });
    expect(await run("bash", { command: "pwd", workdir: ".." })).toEqual({ error: "Unable to execute command: pwd" });
    expect(await run("bash", { command: "ls", workdir: "sub/../.." })).toEqual({ error: "Unable to execute command: ls" });
    // identical strings fail first (the edit tool checks them before resolving its path)
    expect(await run("edit", { path: "../same.txt", oldString: "a", newString: "a" })).toEqual({ path: "/same.txt", error: "identical" });
    expect(environment.commands).toEqual([]);
  });
  it("v2 bash: a missing or non-directory workdir is `Unable to execute command`, nothing runs", async () => {
    const environment = stubEnvironment({ "/w/f": { kind: "file", symlink: false, size: 1, realPath: "/w/f" } });
    expect(await runOpencodeTool("v2", { tool: "bash", input: { command: "ls", workdir: "f" } }, environment, accept)).toEqual({ error: "Unable to execute command: ls" });
    expect(await runOpencodeTool("v2", { tool: "bash", input: { command: "ls", workdir: "gone" } }, environment, accept)).toEqual({ error: "Unable to execute command: ls" });
    expect(environment.commands).toEqual([]);
  });
  it("v1 bash: bash from the agent's PATH, PWD set, timeout + 100 ms, a leading BOM dropped, an incomplete UTF-8 end dropped", async () => {
    const environment = stubEnvironment({ "/w": dir("/w"), "/usr/bin/bash": { kind: "file", symlink: false, size: 1, realPath: "/usr/bin/bash" } }, new Uint8Array([...bom, 0x63, 0xc3]));
    const withPath = { ...environment, agentEnv: { HOME: "/agent-home", PATH: "/usr/local/bin:/usr/bin:/bin" } };
    const observation = await runOpencodeTool("v1", { tool: "Bash", input: { command: "echo", timeout: 500 } }, withPath, accept);
    expect(environment.commands.map((command) => [command.file, command.env.PWD, command.timeoutMs, command.stderr])).toEqual([["/usr/bin/bash", "/w", 600, "separate"]]);
    expect(observation).toEqual({ output: "hic", exitCode: 0 });
  });
  it("v1 bash workdir: missing → `NotFound: FileSystem.access (…)`, a file → Bun's spawn error naming the shell (the binary, 2026-12-01)", async () => {
    const environment = stubEnvironment({ "/w": dir("/w"), "/w/f": { kind: "file", symlink: false, size: 1, realPath: "/w/f" } });
    expect(await runOpencodeTool("v1", { tool: "bash", input: { command: "ls", workdir: "gone" } }, environment, accept)).toEqual({ error: "NotFound: FileSystem.access (/w/gone)" });
    expect(await runOpencodeTool("v1", { tool: "bash", input: { command: "ls", workdir: "f" } }, environment, accept)).toEqual({ error: "ENOTDIR: not a directory, posix_spawn '/bin/sh'" });
    expect(environment.commands).toEqual([]);
  });
  it("a failed write: v2 `Unable to write <path as given>`; v1 Effect's FileSystem error (a directory fails the first read, below a file the write)", async () => {
    const environment = stubEnvironment({ "/w/d": dir("/w/d"), "/w/f/x": { kind: "missing", symlink: false, failure: "ENOTDIR" } });
    expect(await runOpencodeTool("v2", { tool: "write", input: { path: "d", content: "x" } }, environment, accept)).toEqual({ error: "Unable to write d" });
    expect(await runOpencodeTool("v1", { tool: "write", input: { filePath: "d", content: "x" } }, environment, accept)).toEqual({ error: "BadResource: FileSystem.readFile (/w/d)" });
    expect(await runOpencodeTool("v1", { tool: "write", input: { filePath: "f/x", content: "x" } }, environment, accept)).toEqual({ error: "BadResource: FileSystem.writeFile (/w/f/x)" });
  });
  it("v1 read and edit below a file: `BadResource: FileSystem.stat (…)` and Node's lstat text", async () => {
    const environment = stubEnvironment({ "/w/f/x": { kind: "missing", symlink: false, failure: "ENOTDIR" } });
    expect(await runOpencodeTool("v1", { tool: "read", input: { filePath: "f/x" } }, environment, accept)).toEqual({ error: "BadResource: FileSystem.stat (/w/f/x)" });
    expect(await runOpencodeTool("v1", { tool: "edit", input: { filePath: "f/x", oldString: "a", newString: "b" } }, environment, accept)).toEqual({
      error: "ENOTDIR: not a directory, lstat '/w/f/x'",
    });
  });
  it("glob: v2 `Unable to find files matching` for a missing path; ripgrep's exit 2 keeps what it printed in both runtimes (seed 6002); v1 its own texts", async () => {
    const environment = stubEnvironment({ "/w": dir("/w") });
    expect(await runOpencodeTool("v2", { tool: "glob", input: { pattern: "*", path: "gone" } }, environment, accept)).toEqual({ error: "Unable to find files matching *" });
    expect(await runOpencodeTool("v2", { tool: "glob", input: { pattern: "[" } }, environment, accept)).toEqual({ paths: [] });
    expect(await runOpencodeTool("v1", { tool: "glob", input: { pattern: "*", path: "gone" } }, environment, accept)).toEqual({ error: "ripgrep execution failed" });
    expect(await runOpencodeTool("v1", { tool: "glob", input: { pattern: "[" } }, environment, accept)).toEqual({ paths: [] });
  });
  it("bash with an empty command: v1 Bun's spawn error as the tool error, v2 a defect (seeds 6001, 6002)", async () => {
    const environment = stubEnvironment({ "/w": dir("/w") });
    expect(await runOpencodeTool("v1", { tool: "bash", input: { command: "" } }, environment, accept)).toEqual({ error: "The argument 'file' cannot be empty. Received ''" });
    expect(await runOpencodeTool("v2", { tool: "bash", input: { command: "" } }, environment, accept)).toEqual({ error: "Tool execution failed: The argument 'file' cannot be empty. Received ''" });
  });
  it("v2 glob on a file path is a defect naming ripgrep from the agent's PATH (seed 6002)", async () => {
    const environment = stubEnvironment({
      "/w/f.txt": { kind: "file", symlink: false, size: 1, realPath: "/w/f.txt" },
      "/usr/bin/rg": { kind: "file", symlink: false, size: 1, realPath: "/usr/bin/rg" },
    });
    const withPath = { ...environment, agentEnv: { PATH: "/usr/bin:/bin" } };
    expect(await runOpencodeTool("v2", { tool: "glob", input: { pattern: "*", path: "f.txt" } }, withPath, accept)).toEqual({
      error: "Tool execution failed: ENOTDIR: not a directory, posix_spawn '/usr/bin/rg'",
    });
  });
  it("v1 bash: stdout after stderr is a race of the merged streams (unsupported), even spaced; stdout then stderr keeps its order", async () => {
    const racing = stubEnvironment({ "/w": dir("/w") });
    racing.run = async () => ({
      chunks: [
        { stream: "stderr", bytes: new Uint8Array([0x65, 0x0a]) },
        { stream: "stdout", bytes: new Uint8Array([0x6f, 0x0a]) },
      ],
      exitCode: 0,
      signal: null,
      timedOut: false,
    });
    await expect(runOpencodeTool("v1", { tool: "bash", input: { command: "echo e >&2; echo o" } }, racing, accept)).rejects.toThrow(/race of its merged streams/);
    const ordered = stubEnvironment({ "/w": dir("/w") });
    ordered.run = async () => ({
      chunks: [
        { stream: "stdout", bytes: new Uint8Array([0x6f, 0x0a]) },
        { stream: "stderr", bytes: new Uint8Array([0x65, 0x0a]) },
      ],
      exitCode: 3,
      signal: null,
      timedOut: false,
    });
    expect(await runOpencodeTool("v1", { tool: "bash", input: { command: "echo o; echo e >&2; exit 3" } }, ordered, accept)).toEqual({ output: "o\ne\n", exitCode: 3 });
    const spaced = stubEnvironment({ "/w": dir("/w") });
    spaced.run = async () => ({
      chunks: [
        { stream: "stdout", bytes: new Uint8Array([0x6f, 0x0a]) },
        { stream: "stderr", bytes: new Uint8Array([0x65, 0x0a]) },
        { stream: "stdout", bytes: new Uint8Array([0x6f, 0x0a]) },
      ],
      exitCode: 0,
      signal: null,
      timedOut: false,
    });
    await expect(runOpencodeTool("v1", { tool: "bash", input: { command: "echo o; sleep 0.1; echo e >&2; sleep 0.1; echo o" } }, spaced, accept)).rejects.toThrow(/either order/);
  });
  it("v2 webfetch: every failure is `Unable to fetch <url>` — another scheme, no exchange, non-2xx, an image, a type it does not read as text (seed 5002; bundle hK)", async () => {
    const environment = stubEnvironment({});
    const served = (status: number, type: string) => async () => ({ status, headers: [["content-type", type]] as [string, string][], body: new TextEncoder().encode("body"), bodyCut: false });
    const fetch = (url: string) => runOpencodeTool("v2", { tool: "webfetch", input: { url } }, environment, accept);
    expect(await fetch("ftp://x/y")).toEqual({ error: "Unable to fetch ftp://x/y" });
    expect(await fetch("http://x/refused")).toEqual({ error: "Unable to fetch http://x/refused" });
    environment.fetch = served(404, "text/plain");
    expect(await fetch("http://x/404")).toEqual({ error: "Unable to fetch http://x/404" });
    environment.fetch = served(200, "image/png");
    expect(await fetch("http://x/i")).toEqual({ error: "Unable to fetch http://x/i" });
    environment.fetch = served(200, "application/octet-stream");
    expect(await fetch("http://x/b")).toEqual({ error: "Unable to fetch http://x/b" });
    environment.fetch = served(200, "application/problem+json; charset=utf-8");
    expect(await fetch("http://x/j")).toEqual({ url: "http://x/j", status: 200, contentType: "application/problem+json; charset=utf-8", body: "body" });
  });
  it("v1 webfetch of a server it cannot reach is Effect's `Transport error (GET <url>)` (spec §2.8; unseen batch 4: a refused connection)", async () => {
    const environment = stubEnvironment({});
    expect(await runOpencodeTool("v1", { tool: "webfetch", input: { url: "http://127.0.0.1:1/refused" } }, environment, accept)).toEqual({ error: "Transport error (GET http://127.0.0.1:1/refused)" });
  });
  it("v2 write and edit name the canonical path, links resolved: a file's real path, a missing file's nearest folder's (spec §2.3, §2.4; unseen batch 4)", async () => {
    const file = (realPath: string): PathFact => ({ kind: "file", symlink: true, size: 23, realPath });
    const environment = stubEnvironment({ "/w": dir("/w"), "/w/link.ts": file("/w/src/main.ts"), "/w/srclink": { ...dir("/w/src"), symlink: true } });
    environment.writeFile = async () => null;
    environment.readFile = async () => new TextEncoder().encode("export const main = 1;\n");
    expect(await runOpencodeTool("v2", { tool: "write", input: { path: "srclink/new.txt", content: "via link\n" } }, environment, accept)).toEqual({ path: "/w/src/new.txt", existed: false });
    expect(await runOpencodeTool("v2", { tool: "edit", input: { path: "link.ts", oldString: "main = 1", newString: "main = 10" } }, environment, accept)).toEqual({
      path: "/w/src/main.ts",
      replacements: 1,
    });
    // v1 names the path as given
    expect(await runOpencodeTool("v1", { tool: "write", input: { filePath: "srclink/new.txt", content: "x" } }, environment, accept)).toEqual({ path: "/w/srclink/new.txt", existed: false });
  });
  it("arguments the runtime's schema refuses never run: an edit with oldString 1 writes nothing (seed 5001)", async () => {
    const environment = stubEnvironment({ "/w": dir("/w") });
    const writes: string[] = [];
    environment.writeFile = async (path) => {
      writes.push(path);
      return null;
    };
    expect(await opencodeCli.observe({ tool: "edit", input: { filePath: "typed.txt", oldString: 1, newString: "y" } }, environment)).toEqual({});
    expect(await opencodeCore.observe({ tool: "edit", input: { path: "typed.txt", oldString: 1, newString: "y" } }, environment)).toEqual({});
    expect(await opencodeCli.observe({ tool: "edit", input: { filePath: "typed.txt", oldString: "", newString: "y" } }, environment)).toEqual({ path: "/w/typed.txt", replacements: 1 });
    expect(writes).toEqual(["/w/typed.txt"]);
  });
});

describe("v2 read of a directory keeps what ReadTool.list keeps (spec §2.2b; the 1.18.33 bundle; read-directory.yaml)", () => {
  it("leaves out a dangling link, a link leading out of the directory and what is neither file nor directory; v1 lists them all", async () => {
    const file = (realPath: string): PathFact => ({ kind: "file", symlink: false, realPath, size: 1 });
    const paths: Record<string, PathFact> = {
      "/w/src": dir("/w/src"),
      "/w/src/a.ts": file("/w/src/a.ts"),
      "/w/src/lib": dir("/w/src/lib"),
      "/w/src/link": { ...dir("/w/src/lib"), symlink: true },
      "/w/src/dangling": { kind: "missing", symlink: true },
      "/w/src/out": { ...file("/etc/hostname"), symlink: true },
      "/w/src/fifo": { kind: "other", symlink: false, realPath: "/w/src/fifo" },
    };
    const environment = { ...stubEnvironment(paths), listDirectory: async () => ["a.ts", "lib", "link", "dangling", "out", "fifo"].map((name) => ({ name, kind: "file" as const })) };
    const read = (runtime: "v1" | "v2") => runOpencodeTool(runtime, { tool: "read", input: runtime === "v2" ? { path: "src" } : { filePath: "src" } }, environment, accept);
    expect(await read("v2")).toEqual({
      kind: "directory",
      path: "/w/src",
      entries: [
        { name: "a.ts", directory: false },
        { name: "lib", directory: true },
        { name: "link", directory: true },
      ],
    });
    expect(((await read("v1")) as { entries: unknown[] }).entries).toHaveLength(6);
  });
});
