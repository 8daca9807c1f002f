import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact, PermissionReply } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import type { OpencodeRuntime } from "./opencode-runtime.js";
import { permissionAsk, refusedPermissionRule } from "./permission-ask.js";

/** A port over a fixed path table (workspace /w), with the user's replies and the agent's config. */
function stubEnvironment(paths: Record<string, PathFact>, permissionReplies: PermissionReply[] = [], agentConfig?: unknown): EnvironmentPort {
  return {
    workspace: "/w",
    agentEnv: { HOME: "/agent/home", XDG_DATA_HOME: "/agent/xdg/data" },
    permissionReplies,
    agentConfig,
    stat: async (path) => paths[path] ?? { kind: "missing", symlink: false },
    readFile: async () => ({ failure: "EIO", message: "no reads here" }),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async () => ({ chunks: [], exitCode: 0, signal: null, timedOut: false }),
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}
const dir = (realPath: string): PathFact => ({ kind: "directory", symlink: false, realPath });
const file = (realPath: string): PathFact => ({ kind: "file", symlink: false, realPath, size: 1 });
const ask = (runtime: OpencodeRuntime, tool: string, input: Record<string, unknown>, environment: EnvironmentPort) => permissionAsk(tool, { runtime, input, environment });

describe("opencode's default permission asks and their answers (spec §2.15; the 1.18.33 binary; fixtures/scenarios/permission-*.yaml)", () => {
  const paths = { "/": dir("/"), "/w": dir("/w"), "/w/a.txt": file("/w/a.txt"), "/out": dir("/out"), "/out/f.txt": file("/out/f.txt"), "/w/link": dir("/elsewhere") };

  it("v1 (opencode run) rejects every ask: a read outside asks for its folder, a directory for itself", async () => {
    const environment = stubEnvironment(paths, ["once", "once"]);
    expect(await ask("v1", "read", { filePath: "/out/f.txt" }, environment)).toEqual({ action: "external_directory", resource: "/out/*", reply: "reject" });
    expect(await ask("v1", "read", { filePath: "/out" }, environment)).toEqual({ action: "external_directory", resource: "/out/*", reply: "reject" });
    expect(await ask("v1", "glob", { pattern: "*", path: "/out" }, environment)).toEqual({ action: "external_directory", resource: "/out/*", reply: "reject" });
    // glob on a file fails `glob path must be a directory` before asking; inside the workspace nothing is asked
    expect(await ask("v1", "glob", { pattern: "*", path: "/out/f.txt" }, environment)).toBeUndefined();
    expect(await ask("v1", "read", { filePath: "a.txt" }, environment)).toBeUndefined();
    // a relative path out of the workspace is an outside path in v1
    expect(await ask("v1", "write", { filePath: "../x/y.txt", content: "" }, environment)).toEqual({ action: "external_directory", resource: "/x/*", reply: "reject" });
    // identical strings fail before the ask
    expect(await ask("v1", "edit", { filePath: "/out/f.txt", oldString: "a", newString: "a" }, environment)).toBeUndefined();
    expect(refusedPermissionRule("v1", { permission: { action: "read", resource: "w/.env", reply: "reject" } })).toMatch(/^opencode-cli: `opencode run` rejects the read ask \(w\/\.env\)/);
  });

  it("the read rules: *.env and *.env.* ask, *.env.example does not", async () => {
    const environment = stubEnvironment(paths);
    expect(await ask("v1", "read", { filePath: ".env" }, environment)).toEqual({ action: "read", resource: "w/.env", reply: "reject" });
    expect(await ask("v1", "read", { filePath: "conf/.env.local" }, environment)).toEqual({ action: "read", resource: "w/conf/.env.local", reply: "reject" });
    expect(await ask("v1", "read", { filePath: ".env.example" }, environment)).toBeUndefined();
    expect(await ask("v2", "read", { path: ".env" }, environment)).toEqual({ action: "read", resource: ".env", reply: "reject" });
  });

  it("v2 takes the user's replies in order; always saves the folder's pattern; past the replies, reject", async () => {
    const environment = stubEnvironment(paths, ["once", "always", "once"]);
    expect(await ask("v2", "bash", { command: "ls", workdir: "/out" }, environment)).toBeUndefined(); // once
    expect(await ask("v2", "bash", { command: "ls", workdir: "/out" }, environment)).toBeUndefined(); // always: /out/* saved
    expect(await ask("v2", "read", { path: "/out/f.txt" }, environment)).toBeUndefined(); // not asked
    expect(await ask("v2", "read", { path: ".env" }, environment)).toBeUndefined(); // once
    // a missing path's folder is its nearest existing ancestor
    expect(await ask("v2", "write", { path: "/nowhere/deep/x.txt", content: "" }, environment)).toEqual({ action: "external_directory", resource: "/*", reply: "reject" });
    // glob and grep ask nothing in v2
    expect(await ask("v2", "glob", { pattern: "*", path: "/nowhere" }, environment)).toBeUndefined();
    expect(refusedPermissionRule("v2", { permission: { action: "external_directory", resource: "/*", reply: "reject" } })).toMatch(/^opencode-core: the external_directory ask/);
    expect(refusedPermissionRule("v2", { output: "x" })).toBeUndefined();
  });

  it("what is not modelled is unsupported, named: v2's path errors, configured permissions, the agent's own folders", async () => {
    const environment = stubEnvironment(paths);
    await expect(ask("v2", "read", { path: "link" }, environment)).rejects.toThrow(/location_escape/);
    await expect(ask("v2", "read", { path: "../x.txt" }, environment)).rejects.toThrow(/relative_escape/);
    await expect(ask("v1", "read", { filePath: "/agent/xdg/data/opencode/tool-output/t" }, environment)).rejects.toThrow(UnsupportedError);
    const configured = stubEnvironment(paths, [], { permission: { read: "deny" } });
    await expect(ask("v1", "read", { filePath: "a.txt" }, configured)).rejects.toThrow(/only opencode's default permissions are modelled/);
    const continuing = stubEnvironment(paths, [], { experimental: { continue_loop_on_deny: true } });
    await expect(ask("v1", "read", { filePath: "a.txt" }, continuing)).rejects.toThrow(/continue_loop_on_deny/);
  });
});
