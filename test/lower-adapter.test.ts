import { describe, expect, it } from "vitest";
import { handleAdapterLine } from "../src/adapter/handle-adapter-line.js";
import { referenceOps } from "../src/adapter/reference-handler.js";

const send = async (request: object) => (await handleAdapterLine(JSON.stringify(request), referenceOps)).response;

describe("adapter lower op", () => {
  it("lowers opencode-core messages", async () => {
    const messages = [{ role: "tool", content: [{ type: "tool-result", id: "c1", name: "bash", result: { type: "text", value: "hi" } }] }];
    expect(await send({ id: 1, op: "lower", profile: "opencode-core", protocol: "openai-chat", messages })).toBe(
      '{"id":1,"ok":true,"result":{"body":{"messages":[{"role":"tool","tool_call_id":"c1","content":"hi"}]}}}',
    );
  });
  it("lowers opencode-cli sdk-messages", async () => {
    const messages = [
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "bash", output: { type: "error-text", value: "boom" } }] },
    ];
    expect(await send({ id: 2, op: "lower", profile: "opencode-cli", protocol: "anthropic-messages", from: "sdk-messages", model: "claude-x", messages })).toContain(
      '{"type":"tool_result","tool_use_id":"c1","content":"boom","is_error":true',
    );
  });
  it("names the pointer of an invalid message", async () => {
    const response = await send({ id: 3, op: "lower", profile: "opencode-cli", protocol: "openai-chat", messages: [{ role: "user", parts: [{ type: "text" }] }] });
    expect(response).toMatch(/^\{"id":3,"ok":false,"error":\{"code":"invalid-request","message":"\/messages\/0\/parts\/0/);
  });
  it("returns a lowering error as the result {error}, with opencode's exact text (spec §4.3)", async () => {
    const messages = [
      { role: "tool", content: [{ type: "tool-result", id: "c1", name: "read", result: { type: "content", value: [{ type: "file", uri: "data:text/csv;base64,YQ==", mime: "text/csv" }] } }] },
    ];
    expect(await send({ id: 4, op: "lower", profile: "opencode-core", protocol: "openai-chat", messages })).toBe(
      '{"id":4,"ok":true,"result":{"error":"OpenAI Chat does not support media type text/csv"}}',
    );
  });
  const neutral = (result: unknown) => [
    { role: "user", content: "go" },
    { role: "assistant", calls: [{ id: "toolu_1_1", tool: "Bash", input: { command: "echo hello" } }] },
    { role: "tool", id: "toolu_1_1", result },
  ];
  it("lowers a neutral history for claude-code (its only form; docs/spec/claude-code-2.1.332.md §2.1, capture claude-bash-echo)", async () => {
    expect(await send({ id: 5, op: "lower", profile: "claude-code", protocol: "anthropic-messages", messages: neutral({ content: "hello", is_error: false }) })).toContain(
      '{"role":"user","content":[{"tool_use_id":"toolu_1_1","type":"tool_result","content":"hello","is_error":false,"cache_control":{"type":"ephemeral"}}]}]}}}',
    );
  });
  it("checks a neutral history's results against the profile's result schema", async () => {
    const response = await send({ id: 6, op: "lower", profile: "claude-code", protocol: "anthropic-messages", messages: neutral({ output: "hello" }) });
    expect(response).toMatch(/^\{"id":6,"ok":false,"error":\{"code":"invalid-request","message":"\/messages\/2\/result.*\(claude-code\/tool-result\)"\}\}$/);
  });
  it("answers unsupported for a protocol the agent does not speak, naming it", async () => {
    expect(await send({ id: 7, op: "lower", profile: "gemini-cli", protocol: "openai-chat", messages: [{ role: "user", content: "go" }] })).toBe(
      '{"id":7,"ok":false,"error":{"code":"unsupported","message":"gemini-cli speaks google-gemini only, not openai-chat"}}',
    );
  });
});
