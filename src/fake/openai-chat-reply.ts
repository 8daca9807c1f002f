import { FAKE_CREATED_AT, FAKE_USAGE, type FakeReplyContext } from "./fake-reply-context.js";
import type { FakeTurn } from "./fake-turn.js";
import { splitStreamPieces } from "./split-stream-pieces.js";

/**
 * OpenAI Chat Completions replies (POST /v1/chat/completions), as openai/openapi.yaml defines
 * CreateChatCompletionResponse and CreateChatCompletionStreamResponse.
 */

const completionId = (turn: FakeTurn) => `chatcmpl-correx-${turn.index + 1}`;
const finishReason = (turn: FakeTurn) => (turn.calls.length > 0 ? "tool_calls" : "stop");
const usage = { prompt_tokens: FAKE_USAGE.input, completion_tokens: FAKE_USAGE.output, total_tokens: FAKE_USAGE.input + FAKE_USAGE.output };

/** The non-streaming `chat.completion` object. */
export function openaiChatJson(turn: FakeTurn, context: FakeReplyContext): unknown {
  const message: Record<string, unknown> = { role: "assistant", content: turn.text, refusal: null, annotations: [] };
  if (turn.calls.length > 0) {
    message.tool_calls = turn.calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }));
  }
  return {
    id: completionId(turn),
    object: "chat.completion",
    created: FAKE_CREATED_AT,
    model: context.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(turn) }],
    usage,
  };
}

/**
 * The stream: `data: <chunk>⏎⏎` frames. The first delta carries `role`; text arrives as `content`
 * pieces; each tool call opens with `index`, `id`, `type` and `function.name` (empty
 * `arguments`), then its arguments come in pieces under the same `index`; a last chunk with an
 * empty delta carries `finish_reason`; with `include_usage` a chunk with no choices carries the
 * usage (and every other chunk `"usage":null`); then `data: [DONE]`.
 */
export function openaiChatFrames(turn: FakeTurn, context: FakeReplyContext): string[] {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => {
    const value: Record<string, unknown> = { id: completionId(turn), object: "chat.completion.chunk", created: FAKE_CREATED_AT, model: context.model, choices };
    if (context.includeUsage) value.usage = null;
    return `data: ${JSON.stringify({ ...value, ...extra })}\n\n`;
  };
  const delta = (value: Record<string, unknown>, finish: string | null = null) => chunk([{ index: 0, delta: value, logprobs: null, finish_reason: finish }]);
  const frames: string[] = [];
  let opened = false;
  const open = (value: Record<string, unknown>) => {
    if (opened) return value;
    opened = true;
    return { role: "assistant", content: value.content ?? null, ...value, refusal: null };
  };
  if (turn.text !== null) {
    frames.push(delta(open({ content: "" })));
    for (const piece of splitStreamPieces(turn.text, context.pieceSize)) frames.push(delta({ content: piece }));
  }
  turn.calls.forEach((call, index) => {
    frames.push(delta(open({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] })));
    for (const piece of splitStreamPieces(call.arguments, context.pieceSize)) {
      frames.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  if (!opened) frames.push(delta(open({ content: "" })));
  frames.push(delta({}, finishReason(turn)));
  if (context.includeUsage) frames.push(chunk([], { usage }));
  frames.push("data: [DONE]\n\n");
  return frames;
}
