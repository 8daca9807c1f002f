import { describe, expect, it } from "vitest";
import type { FakeTurn } from "./fake-turn.js";
import { googleGeminiArrayFrames, googleGeminiFrames, googleGeminiJson } from "./google-gemini-reply.js";

const context = { model: "gemini-2.5-flash", includeUsage: false, pieceSize: 3 };
const calls = [
  { id: "call_1_1", name: "bash", arguments: '{"command":"echo hi"}' },
  { id: "call_1_2", name: "read", arguments: '{"filePath":"a.txt"}' },
];
const tail = ',"usageMetadata":{"promptTokenCount":100,"candidatesTokenCount":20,"totalTokenCount":120},"modelVersion":"gemini-2.5-flash","responseId":"correx-1"}';

describe("google-gemini SSE frames (GenerateContentResponse, alt=sse)", () => {
  it("sends every call whole in one chunk with finishReason STOP, framed data: …\\r\\n\\r\\n, with no end marker", () => {
    expect(googleGeminiFrames({ index: 0, text: null, calls, fault: null }, context)).toEqual([
      'data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"bash","args":{"command":"echo hi"}}},{"functionCall":{"name":"read","args":{"filePath":"a.txt"}}}],"role":"model"},"finishReason":"STOP","index":0}]' +
        tail +
        "\r\n\r\n",
    ]);
  });

  it("streams a final text in pieces, the last carrying finishReason STOP", () => {
    expect(googleGeminiFrames({ index: 0, text: "Done.", calls: [], fault: null }, context)).toEqual([
      'data: {"candidates":[{"content":{"parts":[{"text":"Don"}],"role":"model"},"index":0}]' + tail + "\r\n\r\n",
      'data: {"candidates":[{"content":{"parts":[{"text":"e."}],"role":"model"},"finishReason":"STOP","index":0}]' + tail + "\r\n\r\n",
    ]);
  });

  it("without alt=sse streams one JSON array", () => {
    expect(googleGeminiArrayFrames({ index: 0, text: "Done.", calls: [], fault: null }, context).join("")).toBe(
      '[{"candidates":[{"content":{"parts":[{"text":"Don"}],"role":"model"},"index":0}]' +
        tail +
        ',\r\n{"candidates":[{"content":{"parts":[{"text":"e."}],"role":"model"},"finishReason":"STOP","index":0}]' +
        tail +
        "]",
    );
  });
});

describe("google-gemini JSON body", () => {
  it("puts text first, then functionCall parts with parsed args and no ids", () => {
    const turn: FakeTurn = { index: 0, text: "Let me look.", calls: [calls[0]], fault: null };
    expect(JSON.stringify(googleGeminiJson(turn, context))).toBe(
      '{"candidates":[{"content":{"parts":[{"text":"Let me look."},{"functionCall":{"name":"bash","args":{"command":"echo hi"}}}],"role":"model"},"finishReason":"STOP","index":0}]' + tail,
    );
  });

  it("sends a turn's groundingMetadata on the candidate of its last chunk, as given (a grounded answer)", () => {
    const groundingMetadata = { groundingChunks: [{ web: { uri: "https://example.com/a", title: "A" } }], groundingSupports: [{ segment: { endIndex: 3 }, groundingChunkIndices: [0] }] };
    const turn: FakeTurn = { index: 0, text: "Done.", calls: [], fault: null, groundingMetadata };
    const metadata = JSON.stringify(groundingMetadata);
    expect(JSON.stringify(googleGeminiJson(turn, context))).toBe(
      `{"candidates":[{"content":{"parts":[{"text":"Done."}],"role":"model"},"finishReason":"STOP","groundingMetadata":${metadata},"index":0}]${tail}`,
    );
    expect(googleGeminiFrames(turn, context)).toEqual([
      `data: {"candidates":[{"content":{"parts":[{"text":"Don"}],"role":"model"},"index":0}]${tail}\r\n\r\n`,
      `data: {"candidates":[{"content":{"parts":[{"text":"e."}],"role":"model"},"finishReason":"STOP","groundingMetadata":${metadata},"index":0}]${tail}\r\n\r\n`,
    ]);
  });
});
