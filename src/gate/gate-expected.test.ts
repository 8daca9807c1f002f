import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../profiles/memory-output-store.test-support.js";
import { opencodeCore } from "../profiles/opencode-core/opencode-core-profile.js";
import { expectedTurnFragments } from "./gate-expected.js";

describe("expectedTurnFragments (opencode-core)", () => {
  const call = { id: "call_1_1", tool: "frobnicate", input: { target: "x" }, observation: {} };
  const base = { profile: opencodeCore, model: "m", prompt: "Call frobnicate.", calls: [call], options: {}, store: createMemoryOutputStore() };

  it("openai-chat: an unknown tool's tool message carries the compact error record (README v2 runner: errors)", () => {
    const [fragment] = expectedTurnFragments({ ...base, protocol: "openai-chat" });
    expect(JSON.stringify(fragment?.value)).toBe(
      '{"role":"tool","tool_call_id":"call_1_1","content":"{\\"error\\":{\\"type\\":\\"unknown\\",\\"message\\":\\"Unknown tool: frobnicate\\"},\\"content\\":[],\\"structured\\":{}}"}',
    );
  });

  it("anthropic-messages: the same record, with is_error", () => {
    const [fragment] = expectedTurnFragments({ ...base, protocol: "anthropic-messages", calls: [{ ...call, id: "toolu_1_1" }] });
    const value = fragment?.value as { content: unknown; is_error?: unknown };
    expect(value.content).toBe('{"error":{"type":"unknown","message":"Unknown tool: frobnicate"},"content":[],"structured":{}}');
    expect(value.is_error).toBe(true);
  });
});
