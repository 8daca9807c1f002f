import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createFakeProvider } from "./create-fake-provider.js";

const origin = "http://127.0.0.1:9";
const post = (path: string, body: unknown, betas?: string): Request =>
  new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(betas === undefined ? {} : { "anthropic-beta": betas }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const base = { model: "claude-sonnet-4-6", max_tokens: 32000, messages: [{ role: "user", content: "go" }] };
// The fields Claude Code 2.1.332 sends (captured bytes, docs/spec/claude-code-2.1.332.md §1).
const claudeFields = {
  thinking: { type: "adaptive", display: "updates" },
  context_management: { edits: [{ type: "clear_thinking_20251015", keep: "all" }] },
  output_config: { effort: "high" },
};
const claudeBetas = "claude-code-20250219,interleaved-thinking-2025-05-14,context-management-2025-06-27,effort-2025-11-24,thinking-display-updates-2026-08-18";

describe("anthropic-messages betas (anthropic-beta header)", () => {
  it("accepts Claude Code's context_management, adaptive thinking with display updates and output_config when their betas are announced", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const response = await getResponse(fake.handlers, post("/v1/messages?beta=true", { ...base, ...claudeFields }, claudeBetas));
    expect(response?.status).toBe(200);
    expect(fake.violations).toEqual([]);
  });

  it("refuses context_management without context-management-2025-06-27, naming the field and the header", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const response = await getResponse(fake.handlers, post("/v1/messages", { ...base, ...claudeFields }, "thinking-display-updates-2026-08-18"));
    expect(response?.status).toBe(400);
    expect(fake.violations[0].message).toBe(
      "/context_management: expected the anthropic-beta header to announce context-management-2025-06-27, found anthropic-beta: thinking-display-updates-2026-08-18",
    );
  });

  it("refuses display updates without its beta, but accepts adaptive thinking (GA) without any header", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    expect((await getResponse(fake.handlers, post("/v1/messages", { ...base, thinking: { type: "adaptive" }, output_config: { effort: "high" } })))?.status).toBe(200);
    expect((await getResponse(fake.handlers, post("/v1/messages", { ...base, thinking: { type: "adaptive", display: "updates" } })))?.status).toBe(400);
    expect(fake.violations.map((violation) => violation.message)).toEqual([
      "/thinking/display: expected the anthropic-beta header to announce thinking-display-updates-2026-08-18, found no anthropic-beta header",
    ]);
  });

  it("accepts system turns (SDK 1.14.0 SystemMessageParam) and a turn's output_config only with per-turn-control-2026-07-01 (Claude Code with claude-opus-5-5)", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const messages = [
      { role: "user", content: "go" },
      { role: "system", content: [{ type: "text", text: "# Environment" }], output_config: { effort: "medium" } },
    ];
    const both = "mid-conversation-tool-changes-2026-07-01,per-turn-control-2026-07-01";
    expect((await getResponse(fake.handlers, post("/v1/messages?beta=true", { ...base, messages }, both)))?.status).toBe(200);
    expect((await getResponse(fake.handlers, post("/v1/messages?beta=true", { ...base, messages }, "mid-conversation-tool-changes-2026-07-01")))?.status).toBe(400);
    expect((await getResponse(fake.handlers, post("/v1/messages", { ...base, messages: [messages[0], { role: "system", content: "x" }] })))?.status).toBe(200);
    expect(fake.violations.map((violation) => violation.message)).toEqual([
      "/messages/1/output_config: expected the anthropic-beta header to announce per-turn-control-2026-07-01, found anthropic-beta: mid-conversation-tool-changes-2026-07-01",
    ]);
  });

  it("still refuses an unknown top-level field whatever the header announces", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const response = await getResponse(fake.handlers, post("/v1/messages", { ...base, speculative: true }, claudeBetas));
    expect(response?.status).toBe(400);
    expect(fake.violations[0].message).toBe('/speculative: expected no other properties, found property "speculative"');
  });
});

describe("anthropic-messages count_tokens", () => {
  const countBody = { model: "claude-sonnet-4-6", messages: [{ role: "user", content: "abc" }] };

  it("answers input_tokens by the default formula: the body's UTF-8 bytes divided by 4, rounded up", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const raw = JSON.stringify(countBody);
    const response = await getResponse(fake.handlers, post("/v1/messages/count_tokens?beta=true", raw, claudeBetas));
    expect(await response?.text()).toBe(`{"input_tokens":${Math.ceil(raw.length / 4)}}`);
    expect(fake.requests.map((request) => request.kind)).toEqual(["count-tokens"]);
  });

  it("answers the scenario's countTokens when it scripts one", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages", scenario: { name: "s", spec: "§1", prompt: "p", turns: [{ text: "OK." }], countTokens: 31000 } });
    const response = await getResponse(fake.handlers, post("/v1/messages/count_tokens", countBody));
    expect(await response?.text()).toBe('{"input_tokens":31000}');
  });

  it("refuses generation keys (max_tokens) and a missing model; context_management only on the beta variant with its header", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    expect((await getResponse(fake.handlers, post("/v1/messages/count_tokens", { ...countBody, max_tokens: 5 })))?.status).toBe(400);
    expect((await getResponse(fake.handlers, post("/v1/messages/count_tokens", { messages: countBody.messages })))?.status).toBe(400);
    const management = { ...countBody, context_management: claudeFields.context_management };
    expect((await getResponse(fake.handlers, post("/v1/messages/count_tokens", management, claudeBetas)))?.status).toBe(400);
    expect((await getResponse(fake.handlers, post("/v1/messages/count_tokens?beta=true", management, claudeBetas)))?.status).toBe(200);
    expect(fake.violations.map((violation) => violation.message)).toEqual([
      '/max_tokens: expected no other properties (count_tokens takes CountMessageTokensParams), found property "max_tokens"',
      "/model: expected a model id (required by count_tokens), found nothing",
      '/context_management: expected no other properties (count_tokens takes CountMessageTokensParams), found property "context_management"',
    ]);
  });
});
