import { describe, expect, it } from "vitest";
import type { EnvironmentPort } from "../environment-port.js";
import { runClaudeTool } from "./run-claude-tool.js";

/** Workspace /w; every command exits with `exitCode` and prints `output`; nothing else is there. */
function environment(exitCode: number, output = ""): EnvironmentPort & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    workspace: "/w",
    agentEnv: {},
    stat: async () => ({ kind: "missing", symlink: false }),
    readFile: async () => ({ failure: "ENOENT", message: "ENOENT" }),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async (command) => {
      ran.push(command.args.join(" "));
      return { chunks: [{ stream: "stdout", bytes: new TextEncoder().encode(output) }], exitCode, signal: null, timedOut: false };
    },
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}

const bash = (command: string, env: EnvironmentPort) => runClaudeTool({ tool: "Bash", input: { command } }, env);

describe("claude-code Bash commands the replay does not run (spec §3.1; batch 7 judge)", () => {
  it("refuses grep and find when no agent binary embeds their ugrep and bfs, and URLs, before running anything", async () => {
    for (const [command, why] of [
      ["grep -rn TODO .", /did not see an agent binary that embeds ugrep/],
      ["ls | grep x", /did not see an agent binary/],
      ["find . -name '*.ts'", /did not see an agent binary/],
      ["curl -s http://127.0.0.1:9/x", /not modelled/],
    ] as const) {
      const env = environment(0);
      await expect(bash(command, env)).rejects.toThrow(why);
      expect(env.ran).toEqual([]);
    }
    // a word that only contains them is no command of theirs
    await expect(bash("echo finder grepping", environment(0))).resolves.toMatchObject({ exitCode: 0 });
  });
});

describe("claude-code Bash exit 1 that the binary reads as success (spec §3.4; batch 9 judge's probe)", () => {
  it("marks exit 1 of diff, test and [ as the line's last command, and not of other commands", async () => {
    for (const command of ["diff a.txt b.txt", "test -f nope.txt", "[ 1 = 2 ]", "echo x; diff a b", "cd . && diff -u a b > /dev/null", "git diff --exit-code"]) {
      expect(await bash(command, environment(1)), command).toMatchObject({ exitCode: 1, quietExit: true });
    }
    for (const command of ["cmp a.txt b.txt", "sh -c 'exit 1'", "diff a b; false"]) {
      expect(await bash(command, environment(1)), command).not.toHaveProperty("quietExit");
    }
    expect(await bash("diff a b", environment(2))).not.toHaveProperty("quietExit");
  });

  it("reads the last command of a pipeline (bundle `nb` splits pipelines too)", async () => {
    expect(await bash("diff a b | head -3", environment(1))).not.toHaveProperty("quietExit");
    expect(await bash("cat a | diff - b", environment(1))).toMatchObject({ exitCode: 1, quietExit: true });
  });

  it("leaves a line it cannot split plainly unsupported", async () => {
    await expect(bash("(diff a b)", environment(1))).rejects.toThrow(/not pinned/);
    await expect(bash("echo 'x|y' | diff - b", environment(1))).rejects.toThrow(/not pinned/);
    await expect(bash("git -C sub diff --exit-code", environment(1))).rejects.toThrow(/not modelled/);
  });
});

describe("claude-code Agent of a type that names no agent (spec §11.1; batch 9 judge's capture)", () => {
  const agent = (subagent_type: string, env: EnvironmentPort) => runClaudeTool({ tool: "Agent", input: { description: "d", prompt: "p", run_in_background: false, subagent_type } }, env);
  const withHome = (agentsAt?: string): EnvironmentPort => ({
    ...environment(0),
    agentEnv: { HOME: "/h" },
    stat: async (path) => (path === agentsAt ? { kind: "directory", symlink: false } : { kind: "missing", symlink: false }),
  });

  it("is refused with the available types when neither the project nor the user defines agents", async () => {
    expect(await agent("data-wizard", withHome())).toEqual({ unknownAgentType: "data-wizard" });
  });

  it("is unsupported where agents may be defined, or when it names a built-in type by its key", async () => {
    for (const folder of ["/w/.claude/agents", "/.claude/agents", "/h/.claude/agents"]) await expect(agent("data-wizard", withHome(folder)), folder).rejects.toThrow(/may define agents/);
    await expect(agent("data-wizard", environment(0))).rejects.toThrow(/may define agents/);
    for (const type of ["explore", "General_Purpose", "status line setup", "web-fetch", "claude"]) await expect(agent(type, withHome()), type).rejects.toThrow(/not modelled/);
  });
});
