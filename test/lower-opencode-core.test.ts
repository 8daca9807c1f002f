import { describe, expect, it } from "vitest";
import type { Message } from "../src/generated/schema-types.js";
import { lowerCore } from "../src/lower/lower-core.js";
import { LoweringError } from "../src/lower/lowering-error.js";
import type { Protocol } from "../src/lower/lowering-result.js";

const PNG = "iVBORw0KGgo=";
const call = (id: string, name = "bash"): Message => ({ role: "assistant", content: [{ type: "tool-call", id, name, input: { command: "echo hi" } }] });
const result = (id: string, value: object, name = "bash"): Message => ({ role: "tool", content: [{ type: "tool-result", id, name, result: value as never }] });
const lower = (protocol: Protocol, messages: Message[]) => JSON.stringify(lowerCore({ protocol, messages }).body);

describe("opencode-core openai-chat (§4.3)", () => {
  it("sends a text result as one tool message with string content", () => {
    expect(lower("openai-chat", [result("c1", { type: "text", value: "hi\n" })])).toBe('{"messages":[{"role":"tool","tool_call_id":"c1","content":"hi\\n"}]}');
  });
  it("joins the text parts of a content result with \\n (bash: output then exit line)", () => {
    const body = lower("openai-chat", [
      result("c1", {
        type: "content",
        value: [
          { type: "text", text: "hello\n" },
          { type: "text", text: "Command exited with code 0." },
        ],
      }),
    ]);
    expect(body).toBe('{"messages":[{"role":"tool","tool_call_id":"c1","content":"hello\\n\\nCommand exited with code 0."}]}');
  });
  it("sends json as compact JSON", () => {
    expect(lower("openai-chat", [result("c1", { type: "json", value: { a: [1, "x"], b: null } })])).toBe(
      '{"messages":[{"role":"tool","tool_call_id":"c1","content":"{\\"a\\":[1,\\"x\\"],\\"b\\":null}"}]}',
    );
  });
  it("sends a v2 error record as compact JSON, with no error flag", () => {
    const value = { error: { type: "unknown", message: "Unable to read /x" }, content: [], structured: {} };
    expect(lower("openai-chat", [result("c1", { type: "error", value })])).toBe(
      '{"messages":[{"role":"tool","tool_call_id":"c1","content":"{\\"error\\":{\\"type\\":\\"unknown\\",\\"message\\":\\"Unable to read /x\\"},\\"content\\":[],\\"structured\\":{}}"}]}',
    );
  });
  it("sends a string error as is", () => {
    expect(lower("openai-chat", [result("c1", { type: "error", value: "Unknown tool: nope" })])).toBe('{"messages":[{"role":"tool","tool_call_id":"c1","content":"Unknown tool: nope"}]}');
  });
  it("flushes queued images as one caption-less user message at the end", () => {
    const body = lower("openai-chat", [
      result("c1", {
        type: "content",
        value: [
          { type: "text", text: "Image read successfully" },
          { type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" },
        ],
      }),
    ]);
    expect(body).toBe(
      `{"messages":[{"role":"tool","tool_call_id":"c1","content":"Image read successfully"},{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,${PNG}"}}]}]}`,
    );
  });
  it("flushes queued images before the next assistant message", () => {
    const image = { type: "content", value: [{ type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" }] };
    const body = lower("openai-chat", [result("c1", image), { role: "assistant", content: [{ type: "text", text: "ok" }] }]);
    expect(body).toBe(
      `{"messages":[{"role":"tool","tool_call_id":"c1","content":""},{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,${PNG}"}}]},{"role":"assistant","content":"ok"}]}`,
    );
  });
  it("merges a system update into the queued images", () => {
    const image = { type: "content", value: [{ type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" }] };
    const body = lower("openai-chat", [{ role: "system", content: "sys" }, result("c1", image), { role: "system", content: "note" }]);
    expect(body).toBe(
      `{"messages":[{"role":"system","content":"sys"},{"role":"tool","tool_call_id":"c1","content":""},{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,${PNG}"}},{"type":"text","text":"<system-update>\\nnote\\n</system-update>"}]}]}`,
    );
  });
  it("rejects a non-image file with the exact error text", () => {
    const pdf = { type: "content", value: [{ type: "file", uri: "data:application/pdf;base64,JVBERi0=", mime: "application/pdf" }] };
    expect(() => lowerCore({ protocol: "openai-chat", messages: [result("c1", pdf)] })).toThrow(new LoweringError("OpenAI Chat does not support media type application/pdf"));
  });
  it("rejects non-canonical base64", () => {
    const image = { type: "content", value: [{ type: "file", uri: "data:image/png;base64,iVBORw0KGgp=", mime: "image/png" }] };
    expect(() => lowerCore({ protocol: "openai-chat", messages: [result("c1", image)] })).toThrow("OpenAI Chat media must contain canonical base64");
  });
  // §4.3 elides the texts; ProviderShared.validateMedia in the 1.18.33 bundle: a data URL failing
  // ^data:([^;,]+);base64,([A-Za-z0-9+/]*={0,2})$ → "media data URL must contain valid base64" (docs/reviews/lowering-goldens.md,
  // media-invalid-base64-openai-chat); a payload that passes it but is not base64 (length not a multiple of 4) → "media must contain valid base64".
  it("rejects a data URL whose payload is not base64 characters", () => {
    const image = { type: "content", value: [{ type: "file", uri: "data:image/png;base64,@@@@", mime: "image/png" }] };
    expect(() => lowerCore({ protocol: "openai-chat", messages: [result("c1", image)] })).toThrow(new LoweringError("OpenAI Chat media data URL must contain valid base64"));
  });
  it("rejects a data URL payload of base64 characters whose length is not a multiple of 4", () => {
    const image = { type: "content", value: [{ type: "file", uri: "data:image/png;base64,iVBORw0KGgo", mime: "image/png" }] };
    expect(() => lowerCore({ protocol: "openai-chat", messages: [result("c1", image)] })).toThrow(new LoweringError("OpenAI Chat media must contain valid base64"));
  });
});

describe("opencode-core anthropic-messages (§4.3)", () => {
  it("puts each tool message in its own user message (parallel calls)", () => {
    const body = lower("anthropic-messages", [result("a", { type: "text", value: "1" }), result("b", { type: "text", value: "2" })]);
    expect(body).toBe(
      '{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"1"}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"b","content":"2"}]}]}',
    );
  });
  it("sets is_error only for errors", () => {
    expect(lower("anthropic-messages", [result("a", { type: "error", value: "boom" })])).toBe(
      '{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"boom","is_error":true}]}]}',
    );
  });
  it("keeps content results as a text/image array", () => {
    const body = lower("anthropic-messages", [
      result("a", {
        type: "content",
        value: [
          { type: "text", text: "Image read successfully" },
          { type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" },
        ],
      }),
    ]);
    expect(body).toBe(
      `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":[{"type":"text","text":"Image read successfully"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${PNG}"}}]}]}]}`,
    );
  });
  it("keeps at most 4 cache breakpoints", () => {
    const cached = (id: string): Message => ({ role: "tool", content: [{ type: "tool-result", id, name: "t", result: { type: "text", value: id }, cache: { type: "ephemeral" } }] });
    const { body, warnings } = lowerCore({ protocol: "anthropic-messages", messages: ["a", "b", "c", "d", "e"].map(cached) });
    expect(JSON.stringify(body).split("cache_control").length - 1).toBe(4);
    expect(warnings).toEqual(["Anthropic Messages: dropped 1 cache breakpoint(s); the API allows at most 4 per request."]);
  });
  // LLM.CacheHint is {type, ttlSeconds?}; the 1.18.33 bundle maps `x !== undefined && x >= 3600 ? "1h" : undefined` (docs/reviews/lowering-goldens.md, cache-hint-ttl).
  it("asks for the 1h cache only when ttlSeconds >= 3600", () => {
    const hinted = (id: string, cache: object): Message => ({ role: "tool", content: [{ type: "tool-result", id, name: "t", result: { type: "text", value: id }, cache: cache as never }] });
    const body = lower("anthropic-messages", [
      hinted("a", { type: "ephemeral", ttlSeconds: 3600 }),
      hinted("b", { type: "persistent", ttlSeconds: 3599 }),
      hinted("c", { type: "ephemeral", ttl: "1h" }),
    ]);
    expect(body).toBe(
      '{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"a","cache_control":{"type":"ephemeral","ttl":"1h"}}]},' +
        '{"role":"user","content":[{"type":"tool_result","tool_use_id":"b","content":"b","cache_control":{"type":"ephemeral"}}]},' +
        '{"role":"user","content":[{"type":"tool_result","tool_use_id":"c","content":"c","cache_control":{"type":"ephemeral"}}]}]}',
    );
  });
  // The default cache policy of LLM.compile (`auto` = {tools, system, messages: "latest-user-message"}) on anthropic-messages:
  // README v2-runner list "the last system block, the last tool definition, and the latest user message".
  it("marks the last system block and the last text part of the latest user message", () => {
    const image = { type: "media", mediaType: "image/png", data: PNG };
    const messages: Message[] = [
      {
        role: "system",
        content: [
          { type: "text", text: "s1" },
          { type: "text", text: "s2" },
        ],
      },
      { role: "user", content: [{ type: "text", text: "old" }] },
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      { role: "user", content: [{ type: "text", text: "new" }, image as never] },
    ];
    expect(lower("anthropic-messages", messages)).toBe(
      '{"system":[{"type":"text","text":"s1"},{"type":"text","text":"s2","cache_control":{"type":"ephemeral"}}],"messages":[' +
        '{"role":"user","content":[{"type":"text","text":"old"}]},{"role":"assistant","content":[{"type":"text","text":"ok"}]},' +
        `{"role":"user","content":[{"type":"text","text":"new","cache_control":{"type":"ephemeral"}},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${PNG}"}}]}]}`,
    );
  });
  it("keeps an explicit hint where the policy would add one", () => {
    const messages: Message[] = [
      { role: "system", content: [{ type: "text", text: "s", cache: { type: "ephemeral", ttlSeconds: 7200 } }] },
      { role: "user", content: [{ type: "text", text: "u", cache: { type: "persistent", ttlSeconds: 3600 } }] },
    ];
    expect(lower("anthropic-messages", messages)).toBe(
      '{"system":[{"type":"text","text":"s","cache_control":{"type":"ephemeral","ttl":"1h"}}],"messages":[{"role":"user","content":[{"type":"text","text":"u","cache_control":{"type":"ephemeral","ttl":"1h"}}]}]}',
    );
  });
  it("counts policy and explicit hints together in request order against the cap of 4", () => {
    const cached = (id: string): Message => ({ role: "tool", content: [{ type: "tool-result", id, name: "t", result: { type: "text", value: id }, cache: { type: "ephemeral" } }] });
    const messages: Message[] = [{ role: "system", content: "sys" }, { role: "user", content: [{ type: "text", text: "go" }] }, ...["a", "b", "c", "d"].map(cached)];
    const { body, warnings } = lowerCore({ protocol: "anthropic-messages", messages });
    const result = (id: string, marked: boolean) =>
      `{"role":"user","content":[{"type":"tool_result","tool_use_id":"${id}","content":"${id}"${marked ? ',"cache_control":{"type":"ephemeral"}' : ""}}]}`;
    expect(JSON.stringify(body)).toBe(
      '{"system":[{"type":"text","text":"sys","cache_control":{"type":"ephemeral"}}],"messages":[{"role":"user","content":[{"type":"text","text":"go","cache_control":{"type":"ephemeral"}}]},' +
        `${result("a", true)},${result("b", true)},${result("c", false)},${result("d", false)}]}`,
    );
    expect(warnings).toEqual(["Anthropic Messages: dropped 2 cache breakpoint(s); the API allows at most 4 per request."]);
  });
  it("applies no cache policy on the other protocols", () => {
    expect(
      lower("openai-responses", [
        { role: "system", content: "s" },
        { role: "user", content: [{ type: "text", text: "u" }] },
      ]),
    ).toBe('{"input":[{"role":"system","content":"s"},{"role":"user","content":[{"type":"input_text","text":"u"}]}]}');
  });
  it("sends the assistant tool call as tool_use", () => {
    expect(lower("anthropic-messages", [call("a")])).toBe('{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"bash","input":{"command":"echo hi"}}]}]}');
  });
});

describe("opencode-core google-gemini (§4.3)", () => {
  it("sends functionResponse {name, response: {name, content}} with no error flag", () => {
    expect(lower("google-gemini", [result("a", { type: "error", value: "boom" }, "read")])).toBe(
      '{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"read","response":{"name":"read","content":"boom"}}}]}]}',
    );
  });
  it("puts media as sibling inlineData parts after the functionResponse", () => {
    const body = lower("google-gemini", [
      result(
        "a",
        {
          type: "content",
          value: [
            { type: "text", text: "x" },
            { type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" },
          ],
        },
        "read",
      ),
    ]);
    expect(body).toBe(`{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"read","response":{"name":"read","content":"x"}}},{"inlineData":{"mimeType":"image/png","data":"${PNG}"}}]}]}`);
  });
  it("accepts audio from MEDIA_MIMES but not a PDF", () => {
    const file = (mime: string) => ({ type: "content", value: [{ type: "file", uri: `data:${mime};base64,AAAA`, mime }] });
    expect(lower("google-gemini", [result("a", file("audio/wav"))])).toContain('{"inlineData":{"mimeType":"audio/wav","data":"AAAA"}}');
    expect(() => lowerCore({ protocol: "google-gemini", messages: [result("a", file("application/pdf"))] })).toThrow("Gemini does not support media type application/pdf");
  });
});

describe("opencode-core openai-responses (§4.3)", () => {
  it("sends function_call_output with string output", () => {
    expect(lower("openai-responses", [result("a", { type: "json", value: { ok: true } })])).toBe('{"input":[{"type":"function_call_output","call_id":"a","output":"{\\"ok\\":true}"}]}');
  });
  it("sends content results as an input_text/input_image array", () => {
    const body = lower("openai-responses", [
      result("a", {
        type: "content",
        value: [
          { type: "text", text: "t" },
          { type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png" },
        ],
      }),
    ]);
    expect(body).toBe(`{"input":[{"type":"function_call_output","call_id":"a","output":[{"type":"input_text","text":"t"},{"type":"input_image","image_url":"data:image/png;base64,${PNG}"}]}]}`);
  });
  // OpenAIResponses.lowerMessages (1.18.33 bundle): a system update joins a previous {role:"user"} item as one more input_text
  // (docs/reviews/lowering-goldens.md, system-update-after-user-escaped); after anything else it is a user item of its own.
  // OpenAIResponses.lowerMessages (1.18.33 bundle): assistant texts are queued and flushed as one output_text message before a
  // tool call and at the end; a providerExecuted call is skipped (`if (part.providerExecuted === true) continue`).
  it("sends each run of assistant text as one message and skips provider-executed calls", () => {
    const assistant: Message = {
      role: "assistant",
      content: [
        { type: "text", text: "a" },
        { type: "text", text: "b" },
        { type: "tool-call", id: "ws", name: "web_search", input: {}, providerExecuted: true },
        { type: "text", text: "c" },
        { type: "tool-call", id: "c1", name: "bash", input: {} },
      ],
    };
    expect(lower("openai-responses", [assistant])).toBe(
      '{"input":[{"role":"assistant","content":[{"type":"output_text","text":"a"},{"type":"output_text","text":"b"}]},' +
        '{"role":"assistant","content":[{"type":"output_text","text":"c"}]},{"type":"function_call","call_id":"c1","name":"bash","arguments":"{}"}]}',
    );
  });
  it("joins a system update to the user item before it, else sends it as a user item", () => {
    const update = (text: string): Message => ({ role: "system", content: text });
    const body = lower("openai-responses", [{ role: "user", content: [{ type: "text", text: "u" }] }, update("a"), update("b"), call("c1"), update("c")]);
    expect(body).toBe(
      '{"input":[{"role":"user","content":[{"type":"input_text","text":"u"},{"type":"input_text","text":"<system-update>\\na\\n</system-update>"},{"type":"input_text","text":"<system-update>\\nb\\n</system-update>"}]},' +
        '{"type":"function_call","call_id":"c1","name":"bash","arguments":"{\\"command\\":\\"echo hi\\"}"},{"role":"user","content":[{"type":"input_text","text":"<system-update>\\nc\\n</system-update>"}]}]}',
    );
  });
});
