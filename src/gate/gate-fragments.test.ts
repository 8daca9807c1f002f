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
  it("google-gemini: a batch answered out of call order (Gemini CLI's update_topic first) is matched by its ids' `_<i>` (gemini-cli spec §1.1, §16.5)", () => {
    const topic = { functionResponse: { name: "update_topic", response: { output: "Strategic Intent: x" }, id: "update_topic_1796141746045_2" } };
    const read = { functionResponse: { name: "read_file", response: { output: "a" }, id: "read_file_1796141746042_0" } };
    const image = { inlineData: { data: "AA==", mimeType: "image/png" } };
    const shell = { functionResponse: { name: "run_shell_command", response: { output: "b" }, id: "run_shell_command_1796141746043_1" } };
    const later = { functionResponse: { name: "update_topic", response: { output: "c" }, id: "update_topic_1796141747000_1" } };
    const last = { functionResponse: { name: "glob", response: { output: "d" }, id: "glob_1796141747000_0" } };
    const fragments = extractGateFragments("google-gemini", {
      contents: [
        { role: "user", parts: [{ text: "go" }] },
        { role: "model", parts: [] },
        { role: "user", parts: [topic, read, image, shell] },
        { role: "model", parts: [] },
        { role: "user", parts: [later, last] },
      ],
    });
    expect(fragments.map((fragment) => [fragment.ordinal, fragment.name, fragment.after])).toEqual([
      [0, "read_file", [image]],
      [1, "run_shell_command", []],
      [2, "update_topic", []],
      [3, "glob", []],
      [4, "update_topic", []],
    ]);
  });
  it("google-gemini: without such ids (or with a repeated index, or a name that is not the id's), the wire order stands", () => {
    const parts = [{ functionResponse: { name: "b", response: { content: "b" } } }, { functionResponse: { name: "a", response: { content: "a" }, id: "a_1_0" } }];
    const twice = [{ functionResponse: { name: "b", response: {}, id: "b_1_0" } }, { functionResponse: { name: "a", response: {}, id: "a_1_0" } }];
    const renamed = [{ functionResponse: { name: "b", response: {}, id: "c_1_1" } }, { functionResponse: { name: "a", response: {}, id: "a_1_0" } }];
    for (const batch of [parts, twice, renamed]) expect(extractGateFragments("google-gemini", { contents: [{ role: "user", parts: batch }] }).map((fragment) => fragment.name)).toEqual(["b", "a"]);
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
