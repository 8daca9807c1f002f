import { describe, expect, it } from "vitest";
import { referenceOps } from "../../src/adapter/reference-handler.js";
import { summarizeProfile } from "../../src/cli/commands/profiles-command.js";
import { runGate } from "../../src/gate/gate-run.js";
import { findProfile, listProfiles, registerProfile } from "../../src/profiles/profile-registry.js";
import { loadScenario } from "../../src/scenario/load-scenario.js";
import { makeTempDir } from "../temp-dirs.js";
// Plain JavaScript (the reference agent loads it with node), type-checked against Profile through its JSDoc.
import { toyAgent } from "./toy-agent-profile.mjs";

const root = new URL("../../", import.meta.url).pathname;
const profileModule = new URL("./toy-agent-profile.mjs", import.meta.url).pathname;

// The one registry line a sixth agent needs (a shipped one would be a line of `profiles` in src/profiles/profile-registry.ts).
registerProfile(toyAgent);

describe("a toy sixth profile added through the registry (CONTRIBUTING 'Add an agent profile')", () => {
  it("is found by id and listed after the shipped five, with its tools' status", () => {
    expect(findProfile("toy-echo")).toBe(toyAgent);
    expect(listProfiles().map((profile) => profile.id)).toEqual(["opencode-core", "opencode-cli", "codex-cli", "gemini-cli", "claude-code", "toy-echo"]);
    expect(summarizeProfile(toyAgent).tools).toEqual([
      { name: "shout", status: "modelled" },
      { name: "whisper", status: "unsupported", reason: "the toy does not model whispering" },
    ]);
  });

  it("the adapter's lower op serves it (neutral history, checked against schemas/history/neutral-message.json)", async () => {
    const messages = [
      { role: "user", content: "Shout hi." },
      { role: "assistant", calls: [{ id: "call_1", tool: "shout", input: { text: "hi" } }] },
      { role: "tool", id: "call_1", result: { reply: "HI!" } },
    ];
    expect(JSON.stringify(await referenceOps.lower!({ profile: "toy-echo", protocol: "openai-chat", messages }))).toBe(
      '{"body":{"messages":[{"role":"user","content":"Shout hi."},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"shout","arguments":"{\\"text\\":\\"hi\\"}"}}]},{"role":"tool","tool_call_id":"call_1","content":"HI!"}]}}',
    );
  });

  it("correx gate holds the reference agent playing it to it: every tool result conforms", async () => {
    const scenario = await loadScenario(new URL("./toy-shout.yaml", import.meta.url).pathname);
    const run = await runGate({
      profile: toyAgent,
      protocol: "openai-chat",
      scenarios: [scenario],
      command: ["node", `${root}examples/agents/reference-agent.mjs`],
      model: "toy-model",
      workRoot: makeTempDir("correx-toy-gate-"),
      timeoutMs: 60_000,
      env: { CORREX_AGENT_PROFILE_MODULE: profileModule },
    });
    expect(run.outcomes.map((outcome) => [outcome.id, outcome.status, outcome.message])).toEqual([
      ["toy-shout/openai-chat/call_1_1", "pass", undefined],
      ["toy-shout/openai-chat/call_1_2", "pass", undefined],
    ]);
  }, 90_000);

  it("and fails it when the agent changes one byte of a result (CORREX_FLIP_BYTE: the check is not vacuous)", async () => {
    const scenario = await loadScenario(new URL("./toy-shout.yaml", import.meta.url).pathname);
    const run = await runGate({
      profile: toyAgent,
      protocol: "openai-chat",
      scenarios: [scenario],
      command: ["node", `${root}examples/agents/reference-agent.mjs`],
      model: "toy-model",
      workRoot: makeTempDir("correx-toy-gate-"),
      timeoutMs: 60_000,
      env: { CORREX_AGENT_PROFILE_MODULE: profileModule, CORREX_FLIP_BYTE: "1" },
    });
    expect(run.outcomes.map((outcome) => outcome.status)).toEqual(["fail", "pass"]);
  }, 90_000);

  it("a protocol the toy does not speak is unsupported in the gate, naming it", async () => {
    const scenario = await loadScenario(new URL("./toy-shout.yaml", import.meta.url).pathname);
    const run = await runGate({
      profile: toyAgent,
      protocol: "anthropic-messages",
      scenarios: [scenario],
      command: ["node", `${root}examples/agents/reference-agent.mjs`],
      model: "toy-model",
      workRoot: makeTempDir("correx-toy-gate-"),
      timeoutMs: 60_000,
      env: { CORREX_AGENT_PROFILE_MODULE: profileModule },
    });
    expect(run.outcomes.length).toBeGreaterThan(0);
    for (const outcome of run.outcomes) expect(outcome.message ?? "").toContain("toy-echo speaks openai-chat only, not anthropic-messages");
  }, 90_000);

  it.skipIf(process.getuid?.() !== 0)(
    "an agent run as another user (agent.user) is unsupported for a profile that does not model it, and the run is given back to correx's user",
    async () => {
      const scenario = await loadScenario(new URL("./toy-shout.yaml", import.meta.url).pathname);
      const workRoot = makeTempDir("correx-toy-gate-");
      const run = await runGate({
        profile: toyAgent,
        protocol: "openai-chat",
        scenarios: [{ ...scenario, agent: { user: "nobody" } }],
        command: ["sh", "-c", 'test "$(id -u)" = 65534 || exit 9; exec node "$0"', `${root}examples/agents/reference-agent.mjs`],
        model: "toy-model",
        workRoot,
        timeoutMs: 60_000,
        env: { CORREX_AGENT_PROFILE_MODULE: profileModule },
      });
      expect(run.outcomes.map((outcome) => [outcome.status, outcome.message])).toEqual(
        ["call_1_1", "call_1_2"].map(() => [
          "unsupported",
          "the profile does not model this result: the agent ran as user nobody (agent.user), a run as another user than root, which profile toy-echo does not model",
        ]),
      );
      const { execFileSync } = await import("node:child_process");
      expect(execFileSync("find", [workRoot, "!", "-user", "root"], { encoding: "utf8" })).toBe("");
    },
    90_000,
  );
});
