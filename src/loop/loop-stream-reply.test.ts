import { describe, expect, it } from "vitest";
import { parseSseEvents, readSseEvents } from "./loop-sse-events.js";
import { parseStreamReply } from "./loop-stream-reply.js";

describe("parseSseEvents", () => {
  it("splits on blank lines with LF or CRLF, joins data lines, skips comments", () => {
    expect(parseSseEvents(': hi\r\nevent: a\r\ndata: 1\r\ndata: 2\r\n\r\ndata: {"x":1}\n\n')).toEqual([
      { event: "a", data: "1\n2" },
      { event: null, data: '{"x":1}' },
    ]);
  });
});

describe("parseStreamReply (spec §4.5 finish mapping)", () => {
  it("openai-chat: tool-call deltas reassembled by index; tool_calls → tool-calls", () => {
    const stream =
      [
        { choices: [{ index: 0, delta: { role: "assistant", tool_calls: [{ index: 0, id: "c1", type: "function", function: { name: "bash", arguments: "" } }] }, finish_reason: null }] },
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"command":' } }] }, finish_reason: null }] },
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"ls"}' } }] }, finish_reason: null }] },
        { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
      ]
        .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
        .join("") + "data: [DONE]\n\n";
    expect(parseStreamReply("openai-chat", stream)).toEqual({ text: "", calls: [{ id: "c1", name: "bash", arguments: '{"command":"ls"}' }], finish: "tool-calls" });
  });
  it("anthropic-messages: input_json_delta pieces; end_turn → stop", () => {
    const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const stream =
      event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }) +
      event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Done." } }) +
      event("message_delta", { delta: { stop_reason: "end_turn" } });
    expect(parseStreamReply("anthropic-messages", stream)).toEqual({ text: "Done.", calls: [], finish: "stop" });
  });
  it("google-gemini: STOP with a functionCall → tool-calls, no ids", () => {
    const stream = `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "read", args: { filePath: "a" } } }] }, finishReason: "STOP" }] })}\r\n\r\n`;
    expect(parseStreamReply("google-gemini", stream)).toEqual({ text: "", calls: [{ id: null, name: "read", arguments: '{"filePath":"a"}' }], finish: "tool-calls" });
  });
  it("google-gemini: STOP without calls → stop; MAX_TOKENS → length", () => {
    const chunk = (reason: string) => `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "x" }] }, finishReason: reason }] })}\n\n`;
    expect(parseStreamReply("google-gemini", chunk("STOP")).finish).toBe("stop");
    expect(parseStreamReply("google-gemini", chunk("MAX_TOKENS")).finish).toBe("length");
  });
});

describe("readSseEvents: incremental, as the AI SDK reads streams", () => {
  it("an event split across chunks at every byte, a multi-byte character cut in two; an unterminated last event is discarded (WHATWG: pending data at end of stream is dropped)", async () => {
    const text = 'event: a\r\ndata: é1\r\ndata: 2\r\n\r\n: comment\ndata: {"x":"€"}\n\ndata: last';
    const bytes = new TextEncoder().encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(await readSseEvents(body), `cut at ${cut}`).toEqual([
        { event: "a", data: "é1\n2" },
        { event: null, data: '{"x":"€"}' },
      ]);
    }
  });
});
