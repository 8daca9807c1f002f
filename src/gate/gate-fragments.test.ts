import { describe, expect, it } from "vitest";
import { extractGateFragments, gateFragmentText } from "./gate-fragments.js";

describe("extractGateFragments", () => {
  it("openai-chat: each role:tool message, with the Attached media user message after the batch", () => {
    const image = {
      role: "user",
      content: [
        { type: "text", text: "Attached media from tool result:" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AA==" } },
      ],
    };
    const body = {
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: "", tool_calls: [] },
        { role: "tool", tool_call_id: "a", content: "1" },
        { role: "tool", tool_call_id: "b", content: "Image read successfully" },
        image,
      ],
    };
    expect(JSON.stringify(extractGateFragments("openai-chat", body))).toBe(
      JSON.stringify([
        { callId: "a", name: null, ordinal: 0, value: { role: "tool", tool_call_id: "a", content: "1" }, after: [] },
        { callId: "b", name: null, ordinal: 1, value: { role: "tool", tool_call_id: "b", content: "Image read successfully" }, after: [image] },
      ]),
    );
  });
  it("anthropic-messages: tool_result blocks of user messages; the prompt's text is no result", () => {
    const block = { type: "tool_result", tool_use_id: "toolu_1_1", content: "x", cache_control: { type: "ephemeral" } };
    const body = {
      messages: [
        { role: "user", content: [{ type: "text", text: "go" }] },
        { role: "assistant", content: [] },
        { role: "user", content: [block] },
      ],
    };
    expect(extractGateFragments("anthropic-messages", body)).toEqual([{ callId: "toolu_1_1", name: null, ordinal: 0, value: block, after: [] }]);
  });
  it("google-gemini: functionResponse parts by position, named, no ids", () => {
    const part = { functionResponse: { name: "invalid", response: { name: "invalid", content: "t" } } };
    const fragments = extractGateFragments("google-gemini", {
      contents: [
        { role: "user", parts: [{ text: "go" }] },
        { role: "model", parts: [] },
        { role: "user", parts: [part] },
      ],
    });
    expect(fragments).toEqual([{ callId: null, name: "invalid", ordinal: 0, value: part, after: [] }]);
    expect(gateFragmentText("google-gemini", part)).toBe("t");
  });
  it("google-gemini: Gemini CLI's `output` or `error` response is the text (gemini-cli spec §1.3)", () => {
    expect(gateFragmentText("google-gemini", { functionResponse: { name: "grep_search", response: { output: "File: a\nL1: x" }, id: "i" } })).toBe("File: a\nL1: x");
    expect(gateFragmentText("google-gemini", { functionResponse: { name: "read_file", response: { error: "File not found: /w/a" }, id: "i" } })).toBe("File not found: /w/a");
  });
  it("openai-responses: function_call_output items", () => {
    const item = {
      type: "function_call_output",
      call_id: "c",
      output: [
        { type: "input_text", text: "a" },
        { type: "input_text", text: "b" },
      ],
    };
    expect(extractGateFragments("openai-responses", { input: [{ role: "user", content: "go" }, item] })).toEqual([{ callId: "c", name: null, ordinal: 0, value: item, after: [] }]);
    expect(gateFragmentText("openai-responses", item)).toBe("a\nb");
  });
});
