import { FAKE_USAGE, type FakeReplyContext } from "./fake-reply-context.js";
import type { FakeTurn } from "./fake-turn.js";
import { splitStreamPieces } from "./split-stream-pieces.js";

/**
 * Gemini replies (POST /v1beta/models/{model}:generateContent and :streamGenerateContent), as the
 * v1beta GenerateContentResponse (generative_service.proto) defines them. Function calls carry
 * no id and arrive whole, never in pieces.
 */

const usageMetadata = { promptTokenCount: FAKE_USAGE.input, candidatesTokenCount: FAKE_USAGE.output, totalTokenCount: FAKE_USAGE.input + FAKE_USAGE.output };
const responseId = (turn: FakeTurn) => `correx-${turn.index + 1}`;

function response(turn: FakeTurn, context: FakeReplyContext, parts: unknown[], finish: boolean): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { parts, role: "model" } };
  if (finish) candidate.finishReason = "STOP";
  // a grounded answer's sources and supports ride on the last chunk, as Google's API sends them
  if (finish && turn.groundingMetadata !== undefined) candidate.groundingMetadata = turn.groundingMetadata;
  candidate.index = 0;
  return { candidates: [candidate], usageMetadata, modelVersion: context.model, responseId: responseId(turn) };
}

const callParts = (turn: FakeTurn) => turn.calls.map((call) => ({ functionCall: { name: call.name, args: JSON.parse(call.arguments) } }));

/** The non-streaming GenerateContentResponse. */
export function googleGeminiJson(turn: FakeTurn, context: FakeReplyContext): unknown {
  const parts: unknown[] = turn.text !== null ? [{ text: turn.text }] : [];
  return response(turn, context, [...parts, ...callParts(turn)], true);
}

/** The GenerateContentResponse chunks of a stream: text pieces, then one chunk with every call and `finishReason: "STOP"`. */
export function googleGeminiChunks(turn: FakeTurn, context: FakeReplyContext): unknown[] {
  const pieces = turn.text !== null ? splitStreamPieces(turn.text, context.pieceSize) : [];
  const chunks = pieces.map((piece) => ({ text: piece }));
  const calls = callParts(turn);
  if (calls.length > 0 || chunks.length === 0) return [...chunks.map((part) => response(turn, context, [part], false)), response(turn, context, calls.length > 0 ? calls : [{ text: "" }], true)];
  return chunks.map((part, index) => response(turn, context, [part], index === chunks.length - 1));
}

/**
 * The `?alt=sse` stream: `data: <json>⏎⏎` frames with CRLF line ends (`\r\n\r\n`), as Google's
 * frontends send them; there is no end marker, the stream just closes.
 */
export function googleGeminiFrames(turn: FakeTurn, context: FakeReplyContext): string[] {
  return googleGeminiChunks(turn, context).map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`);
}

/**
 * Without `alt=sse`, :streamGenerateContent answers with one JSON array streamed element by
 * element: `[{…}`, `,\r\n{…}`, …, `]`.
 */
export function googleGeminiArrayFrames(turn: FakeTurn, context: FakeReplyContext): string[] {
  const chunks = googleGeminiChunks(turn, context).map((chunk) => JSON.stringify(chunk));
  return [...chunks.map((chunk, index) => (index === 0 ? "[" : ",\r\n") + chunk), "]"];
}
