import { FAKE_USAGE, type FakeReplyContext } from "./fake-reply-context.js";
import type { FakeTurn } from "./fake-turn.js";
import { splitStreamPieces } from "./split-stream-pieces.js";

/**
 * Anthropic Messages replies (POST /v1/messages), as anthropic/openapi.stainless.json defines
 * Message and the MessageStreamEvent union.
 */

const messageId = (turn: FakeTurn) => `msg_correx_${turn.index + 1}`;
const stopReason = (turn: FakeTurn) => (turn.calls.length > 0 ? "tool_use" : "end_turn");

function contentBlocks(turn: FakeTurn): unknown[] {
  const blocks: unknown[] = [];
  if (turn.text !== null) blocks.push({ type: "text", text: turn.text });
  for (const call of turn.calls) blocks.push({ type: "tool_use", id: call.id, name: call.name, input: JSON.parse(call.arguments) });
  return blocks;
}

/** The non-streaming `message` object. */
export function anthropicMessagesJson(turn: FakeTurn, context: FakeReplyContext): unknown {
  return {
    id: messageId(turn),
    type: "message",
    role: "assistant",
    model: context.model,
    content: contentBlocks(turn),
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: { input_tokens: FAKE_USAGE.input, output_tokens: FAKE_USAGE.output },
  };
}

/**
 * The stream: `event: <type>⏎data: <json>⏎⏎` frames: message_start (empty content), ping, then
 * per block content_block_start (text with `""`, or tool_use with id, name and `input: {}`),
 * content_block_delta (`text_delta`, or `input_json_delta` whose first `partial_json` is `""`
 * and the rest the arguments in pieces), content_block_stop; then message_delta with the
 * stop_reason (`tool_use` / `end_turn`) and output usage, and message_stop.
 */
export function anthropicMessagesFrames(turn: FakeTurn, context: FakeReplyContext): string[] {
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const frames = [
    event("message_start", {
      message: {
        id: messageId(turn),
        type: "message",
        role: "assistant",
        model: context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: FAKE_USAGE.input, output_tokens: 1 },
      },
    }),
    'event: ping\ndata: {"type": "ping"}\n\n',
  ];
  let index = 0;
  if (turn.text !== null) {
    frames.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
    for (const piece of splitStreamPieces(turn.text, context.pieceSize)) {
      frames.push(event("content_block_delta", { index, delta: { type: "text_delta", text: piece } }));
    }
    frames.push(event("content_block_stop", { index }));
    index++;
  }
  for (const call of turn.calls) {
    frames.push(event("content_block_start", { index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } }));
    for (const piece of ["", ...splitStreamPieces(call.arguments, context.pieceSize)]) {
      frames.push(event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } }));
    }
    frames.push(event("content_block_stop", { index }));
    index++;
  }
  frames.push(event("message_delta", { delta: { stop_reason: stopReason(turn), stop_sequence: null }, usage: { output_tokens: FAKE_USAGE.output } }));
  frames.push(event("message_stop", {}));
  return frames;
}
