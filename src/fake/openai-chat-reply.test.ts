import { describe, expect, it } from "vitest";
import type { FakeTurn } from "./fake-turn.js";
import { openaiChatFrames, openaiChatJson } from "./openai-chat-reply.js";

const context = { model: "gpt-test", includeUsage: false, pieceSize: 10 };
const bash = { id: "call_1_1", name: "bash", arguments: '{"command":"echo hi"}' };
const read = { id: "call_1_2", name: "read", arguments: '{"filePath":"a"}' };
const toolTurn: FakeTurn = { index: 0, text: null, calls: [bash], fault: null };
const head = '{"id":"chatcmpl-correx-1","object":"chat.completion.chunk","created":1767225600,"model":"gpt-test","choices":';

describe("openai-chat streaming frames (CreateChatCompletionStreamResponse)", () => {
  it("opens the call with role, index, id, type and name, streams the arguments in pieces, then finish_reason and [DONE]", () => {
    expect(openaiChatFrames(toolTurn, context).join("")).toBe(
      `data: ${head}[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1_1","type":"function","function":{"name":"bash","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head}[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"command\\""}}]},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head}[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":":\\"echo hi\\""}}]},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head}[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head}[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}]}\n\n` +
        "data: [DONE]\n\n",
    );
  });

  it("gives parallel calls consecutive indexes, the second opening without role", () => {
    const frames = openaiChatFrames({ index: 0, text: null, calls: [bash, read], fault: null }, { ...context, pieceSize: 100 });
    expect(frames.slice(2, 4).join("")).toBe(
      `data: ${head}[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_1_2","type":"function","function":{"name":"read","arguments":""}}]},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head}[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\\"filePath\\":\\"a\\"}"}}]},"logprobs":null,"finish_reason":null}]}\n\n`,
    );
    expect(frames.length).toBe(6);
  });

  it("streams a final text as content pieces after an empty first content, finishing with stop", () => {
    expect(openaiChatFrames({ index: 1, text: "All done.", fault: null, calls: [] }, { ...context, pieceSize: 4 }).join("")).toBe(
      `data: ${head.replace("correx-1", "correx-2")}[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head.replace("correx-1", "correx-2")}[{"index":0,"delta":{"content":"All "},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head.replace("correx-1", "correx-2")}[{"index":0,"delta":{"content":"done"},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head.replace("correx-1", "correx-2")}[{"index":0,"delta":{"content":"."},"logprobs":null,"finish_reason":null}]}\n\n` +
        `data: ${head.replace("correx-1", "correx-2")}[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\n` +
        "data: [DONE]\n\n",
    );
  });

  it("with include_usage adds usage:null to every chunk and a usage chunk with empty choices before [DONE]", () => {
    const frames = openaiChatFrames({ index: 0, text: "ok", fault: null, calls: [] }, { ...context, includeUsage: true });
    expect(frames.slice(-3).join("")).toBe(
      `data: ${head}[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}\n\n` +
        `data: ${head}[],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}\n\n` +
        "data: [DONE]\n\n",
    );
  });
});

describe("openai-chat JSON body (CreateChatCompletionResponse)", () => {
  it("puts the calls in message.tool_calls with content null and finish_reason tool_calls", () => {
    expect(JSON.stringify(openaiChatJson(toolTurn, context))).toBe(
      '{"id":"chatcmpl-correx-1","object":"chat.completion","created":1767225600,"model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":null,"annotations":[],"tool_calls":[{"id":"call_1_1","type":"function","function":{"name":"bash","arguments":"{\\"command\\":\\"echo hi\\"}"}}]},"logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}',
    );
  });
});
