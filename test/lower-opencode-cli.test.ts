import { describe, expect, it } from "vitest";
import { type LowerCliOptions, lowerCli } from "../src/lower/opencode-cli/lower-cli.js";

const PNG = "iVBORw0KGgo=";
const lower = (options: LowerCliOptions) => JSON.stringify(lowerCli(options).body);
const completed = (callID: string, output: string, extra: object = {}) => ({
  type: "tool",
  tool: "read",
  callID,
  state: { status: "completed", input: { filePath: "/a" }, output, title: "a", metadata: {}, time: { start: 1, end: 2, ...extra } },
});
const turn = (...parts: object[]) => [
  { role: "user", parts: [{ type: "text", text: "go" }] },
  { role: "assistant", parts: [{ type: "step-start" }, ...parts] },
];
const sdk = (output: object, toolName = "bash") => [
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName, input: {} }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName, output }] },
];

describe("opencode-cli step 1: history → model messages (§4.1)", () => {
  it("replaces a compacted output with [Old tool result content cleared]", () => {
    const body = lower({ protocol: "openai-chat", messages: turn(completed("c1", "secret", { compacted: 3 })) });
    expect(body).toContain('{"role":"tool","tool_call_id":"c1","content":"[Old tool result content cleared]"}');
  });
  it("sends a pending tool part as [Tool execution was interrupted]", () => {
    const pending = { type: "tool", tool: "bash", callID: "c1", state: { status: "pending", input: {} } };
    expect(lower({ protocol: "openai-chat", messages: turn(pending) })).toContain('{"role":"tool","tool_call_id":"c1","content":"[Tool execution was interrupted]"}');
  });
  it("sends an interrupted error with metadata.output as a normal output (no is_error)", () => {
    const part = { type: "tool", tool: "bash", callID: "c1", state: { status: "error", input: {}, error: "aborted", metadata: { interrupted: true, output: "partial" }, time: { start: 1, end: 2 } } };
    expect(lower({ protocol: "anthropic-messages", messages: turn(part) })).toContain('{"type":"tool_result","tool_use_id":"c1","content":"partial","cache_control":{"type":"ephemeral"}}');
  });
  it("truncates an output for compaction when toolOutputMaxChars is set (§3.1)", () => {
    const body = lower({ protocol: "openai-chat", messages: turn(completed("c1", "abcdef")), toolOutputMaxChars: 2 });
    expect(body).toContain('"content":"ab\\n[Tool output truncated for compaction: omitted 4 chars]"');
  });
  it("moves an image out into the Attached media user message for openai-compatible (README: images)", () => {
    const read = {
      ...completed("c1", "Image read successfully"),
      state: { ...completed("c1", "Image read successfully").state, attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${PNG}` }] },
    };
    expect(lower({ protocol: "openai-chat", messages: turn(read) })).toBe(
      `{"messages":[{"role":"user","content":"go"},{"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"read","arguments":"{\\"filePath\\":\\"/a\\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"Image read successfully"},{"role":"user","content":[{"type":"text","text":"Attached media from tool result:"},{"type":"image_url","image_url":{"url":"data:image/png;base64,${PNG}"}}]}]}`,
    );
  });
  it("keeps the image inside the tool_result for anthropic (README: images)", () => {
    const read = {
      ...completed("c1", "Image read successfully"),
      state: { ...completed("c1", "Image read successfully").state, attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${PNG}` }] },
    };
    expect(lower({ protocol: "anthropic-messages", messages: turn(read) })).toContain(
      `{"type":"tool_result","tool_use_id":"c1","content":[{"type":"text","text":"Image read successfully"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${PNG}"}}],"cache_control":{"type":"ephemeral"}}`,
    );
  });
  it("gives gemini-2.x the Attached media user message as a second user content (§4.2 notes)", () => {
    const read = {
      ...completed("c1", "Image read successfully"),
      state: { ...completed("c1", "Image read successfully").state, attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${PNG}` }] },
    };
    expect(lower({ protocol: "google-gemini", model: "gemini-2.5-flash", messages: turn(read) })).toContain(
      `{"role":"user","parts":[{"functionResponse":{"name":"read","response":{"name":"read","content":"Image read successfully"}}}]},{"role":"user","parts":[{"text":"Attached media from tool result:"},{"inlineData":{"mimeType":"image/png","data":"${PNG}"}}]}`,
    );
  });
});

describe("opencode-cli step 2: ProviderTransform.message (§4.1)", () => {
  it("replaces lone surrogates in text results with U+FFFD", () => {
    expect(lower({ protocol: "openai-chat", from: "model-messages", messages: sdk({ type: "text", value: "a\uD83Db" }) })).toContain('"content":"a\uFFFDb"');
  });
  it("rewrites Claude tool call ids to [a-zA-Z0-9_-]", () => {
    const messages = [
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "call.1:x", toolName: "bash", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call.1:x", toolName: "bash", output: { type: "text", value: "ok" } }] },
    ];
    const body = lower({ protocol: "openai-chat", model: "claude-sonnet-4-5", from: "model-messages", messages });
    expect(body).toContain('"id":"call_1_x"');
    expect(body).toContain('"tool_call_id":"call_1_x"');
  });
  it("reduces Mistral ids to 9 alphanumerics and inserts Done. before a following user message", () => {
    const messages = [...sdk({ type: "text", value: "ok" }), { role: "user", content: "next" }];
    expect(lower({ protocol: "openai-chat", model: "mistral-large", from: "model-messages", messages })).toBe(
      '{"messages":[{"role":"assistant","content":"","tool_calls":[{"id":"c10000000","type":"function","function":{"name":"bash","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c10000000","content":"ok"},{"role":"assistant","content":"Done."},{"role":"user","content":"next"}]}',
    );
  });
  it("replaces a file the model cannot read with the ERROR text", () => {
    const messages = [
      {
        role: "user",
        content: [
          { type: "text", text: "Attached media from tool result:" },
          { type: "file", data: `data:image/png;base64,${PNG}`, mediaType: "image/png", filename: "a.png" },
        ],
      },
    ];
    expect(JSON.stringify(lowerCli({ protocol: "openai-chat", from: "model-messages", messages, modalities: [] }).body)).toBe(
      '{"messages":[{"role":"user","content":[{"type":"text","text":"Attached media from tool result:"},{"type":"text","text":"ERROR: Cannot read \\"a.png\\" (this model does not support image input). Inform the user."}]}]}',
    );
  });
});

describe("opencode-cli step 3: AI SDK wire (§4.2)", () => {
  it("openai-compatible: error-text as is, json as compact JSON", () => {
    expect(lower({ protocol: "openai-chat", from: "sdk-messages", messages: sdk({ type: "error-text", value: "boom" }) })).toContain('{"role":"tool","tool_call_id":"c1","content":"boom"}');
    expect(lower({ protocol: "openai-chat", from: "sdk-messages", messages: sdk({ type: "json", value: { a: 1 } }) })).toContain('"content":"{\\"a\\":1}"');
  });
  it("openai-compatible: execution-denied without reason reads Tool execution denied.", () => {
    expect(lower({ protocol: "openai-chat", from: "sdk-messages", messages: sdk({ type: "execution-denied" }) })).toContain('"content":"Tool execution denied."');
  });
  it("anthropic: error-json is compact JSON with is_error", () => {
    expect(lower({ protocol: "anthropic-messages", from: "sdk-messages", messages: sdk({ type: "error-json", value: { e: 1 } }) })).toBe(
      '{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"c1","name":"bash","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":"{\\"e\\":1}","is_error":true}]}]}',
    );
  });
  it("anthropic: a PDF becomes a document block and adds the pdfs beta; a text/plain file is dropped", () => {
    const result = lowerCli({
      protocol: "anthropic-messages",
      from: "sdk-messages",
      messages: sdk({
        type: "content",
        value: [
          { type: "file-data", data: "JVBERi0=", mediaType: "application/pdf", filename: "a.pdf" },
          { type: "file-data", data: "aGk=", mediaType: "text/plain" },
        ],
      }),
    });
    expect(JSON.stringify(result.body)).toContain('"content":[{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0="}}]');
    expect(result.warnings).toContain("anthropic-beta: pdfs-2024-09-25");
  });
  it("anthropic: consecutive tool results and the next user text form one user turn", () => {
    const messages = [
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "a", toolName: "t", input: {} },
          { type: "tool-call", toolCallId: "b", toolName: "t", input: {} },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "a", toolName: "t", output: { type: "text", value: "1" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "b", toolName: "t", output: { type: "text", value: "2" } }] },
      { role: "user", content: "next" },
    ];
    expect(lower({ protocol: "anthropic-messages", from: "sdk-messages", messages })).toContain(
      '{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"1"},{"type":"tool_result","tool_use_id":"b","content":"2"},{"type":"text","text":"next"}]}',
    );
  });
  it("gemini: json values go out raw, not stringified", () => {
    expect(lower({ protocol: "google-gemini", from: "sdk-messages", messages: sdk({ type: "json", value: { a: [1] } }) })).toContain(
      '{"functionResponse":{"name":"bash","response":{"name":"bash","content":{"a":[1]}}}}',
    );
  });
  it("gemini-3: media nested in functionResponse.parts, fixed text when there is no text", () => {
    const body = lower({
      protocol: "google-gemini",
      model: "gemini-3-pro-preview",
      from: "sdk-messages",
      messages: sdk({ type: "content", value: [{ type: "image-data", data: PNG, mediaType: "image/png" }] }),
    });
    expect(body).toContain(`{"functionResponse":{"name":"bash","response":{"name":"bash","content":"Tool executed successfully."},"parts":[{"inlineData":{"mimeType":"image/png","data":"${PNG}"}}]}}`);
  });
  it("gemini-2.x: one functionResponse per text part, image as sibling inlineData plus the fixed text", () => {
    const body = lower({
      protocol: "google-gemini",
      model: "gemini-2.5-pro",
      from: "sdk-messages",
      messages: sdk({
        type: "content",
        value: [
          { type: "text", text: "a" },
          { type: "image-data", data: PNG, mediaType: "image/png" },
          { type: "text", text: "b" },
        ],
      }),
    });
    expect(body).toContain(
      `{"role":"user","parts":[{"functionResponse":{"name":"bash","response":{"name":"bash","content":"a"}}},{"inlineData":{"mimeType":"image/png","data":"${PNG}"}},{"text":"Tool executed successfully and returned this image as a response"},{"functionResponse":{"name":"bash","response":{"name":"bash","content":"b"}}}]}`,
    );
  });
  it("responses: content becomes input_text/input_image/input_file, file default name data", () => {
    const body = lower({
      protocol: "openai-responses",
      from: "sdk-messages",
      messages: sdk({
        type: "content",
        value: [
          { type: "text", text: "t" },
          { type: "image-data", data: PNG, mediaType: "image/png" },
          { type: "file-data", data: "JVBERi0=", mediaType: "application/pdf" },
        ],
      }),
    });
    expect(body).toContain(
      `{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"t"},{"type":"input_image","image_url":"data:image/png;base64,${PNG}"},{"type":"input_file","filename":"data","file_data":"data:application/pdf;base64,JVBERi0="}]}`,
    );
  });
  it("throws when a tool call has no result", () => {
    expect(() => lowerCli({ protocol: "openai-chat", from: "sdk-messages", messages: [sdk({ type: "text", value: "x" })[0]!] })).toThrow("Tool result is missing for tool call c1.");
  });
});
