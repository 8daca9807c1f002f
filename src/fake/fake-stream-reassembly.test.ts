import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anthropicMessagesFrames } from "./anthropic-messages-reply.js";
import type { FakeTurn } from "./fake-turn.js";
import { googleGeminiFrames } from "./google-gemini-reply.js";
import { openaiChatFrames } from "./openai-chat-reply.js";
import { openaiResponsesFrames } from "./openai-responses-reply.js";
import { splitStreamPieces } from "./split-stream-pieces.js";

const input = fc.dictionary(fc.string({ unit: "grapheme", maxLength: 6 }), fc.oneof(fc.string({ unit: "grapheme" }), fc.integer(), fc.boolean()), { maxKeys: 4 });
const turnArbitrary = fc.record({
  text: fc.option(fc.string({ unit: "grapheme", minLength: 1 }), { nil: null }),
  inputs: fc.array(input, { minLength: 1, maxLength: 3 }),
  pieceSize: fc.integer({ min: 1, max: 20 }),
});

const makeTurn = (text: string | null, inputs: Record<string, unknown>[]): FakeTurn => ({
  index: 0,
  text,
  calls: inputs.map((value, index) => ({ id: `call_1_${index + 1}`, name: `tool${index}`, arguments: JSON.stringify(value) })),
  fault: null,
});
const dataOf = (frame: string) => JSON.parse(/^(?:event: [^\n]*\n)?data: (.*?)(?:\r?\n){2}$/s.exec(frame)![1]) as Record<string, unknown>;

describe("a client that concatenates the streamed deltas gets the text and each call's arguments back byte for byte", () => {
  it("splitStreamPieces: pieces join to the text, none longer than the size, no surrogate pair split", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 8 }), (text, size) => {
        const pieces = splitStreamPieces(text, size);
        expect(pieces.join("")).toBe(text);
        for (const piece of pieces) {
          expect(Array.from(piece).length).toBeLessThanOrEqual(size);
          expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(piece)).toBe(false);
        }
      }),
    );
  });

  it("openai-chat: content pieces and tool_calls[index].function.arguments pieces", () => {
    fc.assert(
      fc.property(turnArbitrary, ({ text, inputs, pieceSize }) => {
        const turn = makeTurn(text, inputs);
        const frames = openaiChatFrames(turn, { model: "m", includeUsage: false, pieceSize });
        expect(frames.at(-1)).toBe("data: [DONE]\n\n");
        let content = "";
        const args: string[] = [];
        for (const frame of frames.slice(0, -1)) {
          const delta = (dataOf(frame).choices as { delta: { content?: string | null; tool_calls?: { index: number; function: { arguments: string } }[] } }[])[0].delta;
          content += delta.content ?? "";
          for (const call of delta.tool_calls ?? []) args[call.index] = (args[call.index] ?? "") + call.function.arguments;
        }
        expect(content).toBe(text ?? "");
        expect(args).toEqual(turn.calls.map((call) => call.arguments));
      }),
    );
  });

  it("anthropic-messages: text_delta and input_json_delta per block index", () => {
    fc.assert(
      fc.property(turnArbitrary, ({ text, inputs, pieceSize }) => {
        const turn = makeTurn(text, inputs);
        const blocks: string[] = [];
        for (const frame of anthropicMessagesFrames(turn, { model: "m", includeUsage: false, pieceSize })) {
          const data = dataOf(frame) as { type: string; index: number; delta: { text?: string; partial_json?: string } };
          if (data.type === "content_block_start") blocks[data.index] = "";
          if (data.type === "content_block_delta") blocks[data.index] += data.delta.text ?? data.delta.partial_json ?? "";
        }
        expect(blocks).toEqual([...(text === null ? [] : [text]), ...turn.calls.map((call) => call.arguments)]);
      }),
    );
  });

  it("openai-responses: output_text deltas and function_call_arguments deltas per item", () => {
    fc.assert(
      fc.property(turnArbitrary, ({ text, inputs, pieceSize }) => {
        const turn = makeTurn(text, inputs);
        const items = new Map<string, string>();
        for (const frame of openaiResponsesFrames(turn, { model: "m", includeUsage: false, pieceSize })) {
          const data = dataOf(frame) as { type: string; item_id: string; delta: string };
          if (data.type === "response.output_text.delta" || data.type === "response.function_call_arguments.delta") {
            items.set(data.item_id, (items.get(data.item_id) ?? "") + data.delta);
          }
        }
        const expected = [...(text === null ? [] : [text]), ...turn.calls.map((call) => call.arguments)].filter((value) => value !== "");
        expect([...items.values()]).toEqual(expected);
      }),
    );
  });

  it("google-gemini: text parts in order; each functionCall's args equal the call's input", () => {
    fc.assert(
      fc.property(turnArbitrary, ({ text, inputs, pieceSize }) => {
        const turn = makeTurn(text, inputs);
        let content = "";
        const args: string[] = [];
        for (const frame of googleGeminiFrames(turn, { model: "m", includeUsage: false, pieceSize })) {
          const parts = (dataOf(frame).candidates as { content: { parts: { text?: string; functionCall?: { args: unknown } }[] } }[])[0].content.parts;
          for (const part of parts) {
            content += part.text ?? "";
            if (part.functionCall) args.push(JSON.stringify(part.functionCall.args));
          }
        }
        expect(content).toBe(text ?? "");
        expect(args).toEqual(turn.calls.map((call) => call.arguments));
      }),
    );
  });
});
