import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact } from "../profiles/environment-port.js";
import { createMemoryOutputStore } from "../profiles/memory-output-store.test-support.js";
import { opencodeCore } from "../profiles/opencode-core/opencode-core-profile.js";
import { replayExpected } from "./gate-replay.js";

/** Workspace /w with one folder outside it, /out; the user gives the replies listed. */
function environment(replies: ("once" | "always" | "reject")[]): EnvironmentPort & { stated: string[] } {
  const paths: Record<string, PathFact> = {
    "/": { kind: "directory", symlink: false, realPath: "/" },
    "/w": { kind: "directory", symlink: false, realPath: "/w" },
    "/out": { kind: "directory", symlink: false, realPath: "/out" },
  };
  const stated: string[] = [];
  return {
    stated,
    workspace: "/w",
    agentEnv: { HOME: "/agent/home" },
    permissionReplies: replies,
    stat: async (path) => {
      stated.push(path);
      return paths[path] ?? { kind: "missing", symlink: false };
    },
    readFile: async () => ({ failure: "ENOENT", message: "ENOENT" }),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async () => ({ chunks: [], exitCode: 0, signal: null, timedOut: false }),
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}

const script = [
  { turn: 1, ordinal: 0, id: "call_1_1", tool: "glob", input: { pattern: "*" } },
  { turn: 2, ordinal: 1, id: "call_2_1", tool: "read", input: { path: "/out/x.txt" } },
  { turn: 2, ordinal: 2, id: "call_2_2", tool: "glob", input: { pattern: "*.md" } },
  { turn: 3, ordinal: 3, id: "call_3_1", tool: "read", input: { path: "/out/y.txt" } },
];

/** The replay's options for opencode-core on openai-chat in `env`. */
const options = (env: EnvironmentPort) => ({
  profile: opencodeCore,
  protocol: "openai-chat" as const,
  model: "m",
  prompt: "p",
  environment: env,
  referenceOutput: "/ref",
  store: createMemoryOutputStore(),
  rules: [],
  running: () => {},
});

describe("replayExpected: a session the profile ends at a call (Profile.endsRun; spec §2.15)", () => {
  it("a rejected ask: that call, its turn and every later call expect no result, and the later turns are not run", async () => {
    const env = environment(["reject"]);
    const { expected, verdicts } = await replayExpected(options(env), script, () => undefined);
    expect(Object.keys(expected)).toEqual(["call_1_1"]);
    expect([...verdicts.entries()].map(([id, verdict]) => [id, verdict.kind])).toEqual([
      ["call_2_1", "ends-run"],
      ["call_2_2", "ends-run"],
      ["call_3_1", "ends-run"],
    ]);
    expect(verdicts.get("call_2_1")?.message).toBe("opencode-core: the external_directory ask (/out/*) was rejected: the tool is interrupted and the session stops; no result reaches the model");
    expect(verdicts.get("call_3_1")?.message).toMatch(/\(call call_2_1\)$/);
    expect(env.stated).not.toContain("/out/y.txt");
  });

  it("allowed asks: every call has its expected result", async () => {
    const { expected, verdicts } = await replayExpected(options(environment(["once", "once"])), script, () => undefined);
    expect(Object.keys(expected).sort()).toEqual(["call_1_1", "call_2_1", "call_2_2", "call_3_1"]);
    expect(verdicts.size).toBe(0);
  });
});

describe("replayExpected: a turn whose reply the fake cuts or garbles (its fault)", () => {
  it("leaves that turn's calls and every later one unsupported, naming the fault, and does not run them", async () => {
    const env = environment([]);
    const faulted = [script[0]!, { ...script[1]!, streamFault: "truncated-stream" as const }, { ...script[2]!, streamFault: "truncated-stream" as const }, script[3]!];
    const { expected, verdicts } = await replayExpected(options(env), faulted, () => undefined);
    expect(Object.keys(expected)).toEqual(["call_1_1"]);
    expect([...verdicts.keys()]).toEqual(["call_2_1", "call_2_2", "call_3_1"]);
    expect(verdicts.get("call_3_1")).toEqual({
      kind: "unsupported",
      message: "opencode-core: what the agent does after a truncated-stream fault on a turn with tool calls (turn 3: a retry, the arguments it got, or the end of its session) is not modelled",
      effectsApplied: false,
    });
    expect(env.stated.some((path) => path.startsWith("/out"))).toBe(false);
  });
});

describe("replayExpected: each call's turn reaches the profile (ToolCall.turn)", () => {
  it("the turn's index in the script, its calls in order, the call's place among them", async () => {
    const seen: unknown[] = [];
    const observe = async (call: { turn?: unknown }) => {
      seen.push(call.turn);
      return {};
    };
    const recording = { ...opencodeCore, observe };
    await replayExpected({ ...options(environment([])), profile: recording }, script, () => undefined);
    const calls2 = [
      { tool: "read", input: { path: "/out/x.txt" } },
      { tool: "glob", input: { pattern: "*.md" } },
    ];
    expect(seen).toEqual([
      { index: 0, calls: [{ tool: "glob", input: { pattern: "*" } }], position: 0 },
      { index: 1, calls: calls2, position: 0 },
      { index: 1, calls: calls2, position: 1 },
      { index: 2, calls: [{ tool: "read", input: { path: "/out/y.txt" } }], position: 0 },
    ]);
  });
});
