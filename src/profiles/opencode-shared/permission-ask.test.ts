import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact, PermissionReply } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import type { OpencodeRuntime } from "./opencode-runtime.js";
import { permissionAsk, permissionErrorText, refusedPermissionRule, v2DenialText } from "./permission-ask.js";

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
    await expect(ask("v1", "read", { filePath: "/agent/xdg/data/opencode/tool-output/t" }, environment)).rejects.toThrow(UnsupportedError);
    await expect(ask("v1", "read", { filePath: "a.txt" }, stubEnvironment(paths, [], { agent: { build: {} } }))).rejects.toThrow(/sets `agent`/);
  });
});

describe("the config's permission rules (spec §2.15 rules; the 1.18.33 binary; probes of fixtures/scenarios/permission-rules.yaml)", () => {
  const paths = { "/": dir("/"), "/w": dir("/w"), "/w/a.txt": file("/w/a.txt"), "/w/secret.txt": file("/w/secret.txt"), "/out": dir("/out"), "/out/f.txt": file("/out/f.txt") };
  const permission = { read: { "*": "allow", "*secret*": "deny" }, grep: { "*": "allow", "TODO*": "deny" }, external_directory: { "*": "allow" }, bash: "ask" };

  it("v1: a rule's denial is the tool's error, listing the rules whose permission matches (binary text)", async () => {
    const environment = stubEnvironment(paths, [], { permission });
    const denied = await ask("v1", "read", { filePath: "/w/secret.txt" }, environment);
    expect(denied).toMatchObject({ action: "read", resource: "w/secret.txt", reply: "deny" });
    expect(permissionErrorText({ permission: denied })).toBe(
      'The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules [{"permission":"*","action":"allow","pattern":"*"},{"permission":"read","pattern":"*","action":"allow"},{"permission":"read","pattern":"*.env","action":"ask"},{"permission":"read","pattern":"*.env.*","action":"ask"},{"permission":"read","pattern":"*.env.example","action":"allow"},{"permission":"read","pattern":"*","action":"allow"},{"permission":"read","pattern":"*secret*","action":"deny"}]',
    );
    expect(refusedPermissionRule("v1", { permission: denied })).toBeUndefined();
    const grep = await ask("v1", "grep", { pattern: "TODO" }, environment);
    expect(permissionErrorText({ permission: grep })).toBe(
      'The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules [{"permission":"*","action":"allow","pattern":"*"},{"permission":"grep","pattern":"*","action":"allow"},{"permission":"grep","pattern":"TODO*","action":"deny"}]',
    );
    // external_directory allowed by a rule: nothing asked
    expect(await ask("v1", "read", { filePath: "/out/f.txt" }, environment)).toBeUndefined();
    expect(await ask("v1", "read", { filePath: "/w/a.txt" }, environment)).toBeUndefined();
  });

  it("v1 write: an edit rule's denial or ask comes after the existing path is read, so a folder fails first (probe-write-deny, 2026-12-06)", async () => {
    const writePaths = { ...paths, "/w/deps.lock": file("/w/deps.lock"), "/w/dir.lock": dir("/w/dir.lock") };
    const environment = stubEnvironment(writePaths, [], { permission: { edit: { "*.lock": "deny", "*.ask": "ask" } }, experimental: { continue_loop_on_deny: true } });
    const rules =
      'The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules [{"permission":"*","action":"allow","pattern":"*"},{"permission":"edit","pattern":"*.lock","action":"deny"},{"permission":"edit","pattern":"*.ask","action":"ask"}]';
    for (const filePath of ["deps.lock", "new.lock", "sub/x.lock", "a.txt/below.lock"]) {
      expect(permissionErrorText({ permission: await ask("v1", "write", { filePath, content: "x\n" }, environment) })).toBe(rules);
    }
    expect(await ask("v1", "write", { filePath: "dir.lock", content: "x\n" }, environment)).toBeUndefined();
    expect(permissionErrorText({ permission: await ask("v1", "write", { filePath: "q.ask", content: "q\n" }, environment) })).toBe("The user rejected permission to use this specific tool call.");
    expect(await ask("v1", "write", { filePath: "ok.txt", content: "x\n" }, environment)).toBeUndefined();
  });

  it("v1: an ask is rejected; with continue_loop_on_deny the rejection is the result and the run goes on", async () => {
    const stops = await ask("v1", "bash", { command: "echo hi" }, stubEnvironment(paths, [], { permission }));
    expect(stops).toEqual({ action: "bash", resource: "echo hi", reply: "reject" });
    expect(refusedPermissionRule("v1", { permission: stops })).toMatch(/loop stops/);
    const goes = await ask("v1", "bash", { command: "echo hi" }, stubEnvironment(paths, [], { permission, experimental: { continue_loop_on_deny: true } }));
    expect(refusedPermissionRule("v1", { permission: goes })).toBeUndefined();
    expect(permissionErrorText({ permission: goes })).toBe("The user rejected permission to use this specific tool call.");
  });

  it("v2: a configured ask takes the user's reply", async () => {
    const environment = stubEnvironment(paths, ["once"], { permission });
    expect(await ask("v2", "bash", { command: "echo hi" }, environment)).toBeUndefined();
    expect(await ask("v2", "bash", { command: "echo hi" }, environment)).toEqual({ action: "bash", resource: "echo hi", reply: "reject" });
  });

  it("v2: a denial fails the tool with its own message (read, write, grep)", async () => {
    const environment = stubEnvironment(paths, [], { permission: { ...permission, edit: { "*": "deny" } } });
    const denied = await ask("v2", "read", { path: "secret.txt" }, environment);
    expect(denied).toEqual({ action: "read", resource: "secret.txt", reply: "deny" });
    expect(v2DenialText("read", { path: "secret.txt" }, denied!)).toBe("Unable to read secret.txt");
    expect(v2DenialText("grep", { pattern: "TODO" }, denied!)).toBe("Unable to grep for TODO");
    expect(await ask("v2", "write", { path: "b.txt", content: "" }, environment)).toEqual({ action: "edit", resource: "b.txt", reply: "deny" });
  });

  it("the wildcard: the last matching rule wins; a pattern ending in ` *` matches without its tail", async () => {
    const environment = stubEnvironment(paths, [], { permission: { bash: { "*": "allow" } } });
    expect(await ask("v1", "bash", { command: "ls" }, environment)).toBeUndefined();
    const { wildcard } = await import("./permission-rules.js");
    expect(wildcard("ls *", "ls")).toBe(true);
    expect(wildcard("ls *", "lsx")).toBe(false);
    expect(wildcard("a?c", "abc")).toBe(true);
    expect(wildcard("*.env", "w/sub/.env")).toBe(true);
  });

  const v2Denied = async (tool: string, input: Record<string, unknown>) => {
    const denied = await ask("v2", tool, input, stubEnvironment(paths, [], { permission: { [tool]: "deny" } }));
    return v2DenialText(tool, input, denied!);
  };

  it("not modelled, named: tools taken off the list, bash patterns, v2 denials and glob/grep asks, other tools' rules", async () => {
    await expect(ask("v1", "read", { filePath: "a.txt" }, stubEnvironment(paths, [], { permission: { edit: "deny" } }))).rejects.toThrow(/off the offered tools/);
    await expect(ask("v1", "bash", { command: "ls" }, stubEnvironment(paths, [], { permission: { bash: { "rm *": "deny" } } }))).rejects.toThrow(/rules for bash/);
    await expect(v2Denied("bash", { command: "ls" })).rejects.toThrow(/bash; that tool's failure message is not modelled/);
    // v1 edit asks after computing the replacement
    await expect(ask("v1", "edit", { filePath: "a.txt", oldString: "a", newString: "b" }, stubEnvironment(paths, [], { permission: { edit: { "*a.txt": "ask" } } }))).rejects.toThrow(
      /edit permission for edit/,
    );
    await expect(ask("v2", "glob", { pattern: "*" }, stubEnvironment(paths, [], { permission: { glob: "ask" } }))).rejects.toThrow(/HTTP 400/);
    await expect(ask("v1", "todowrite", { todos: [] }, stubEnvironment(paths, [], { permission: { todowrite: "ask" } }))).rejects.toThrow(/rules for todowrite/);
  });
});
