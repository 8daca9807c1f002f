import { FAKE_CREATED_AT, FAKE_USAGE, type FakeReplyContext } from "./fake-reply-context.js";
import type { FakeTurn } from "./fake-turn.js";
import { splitStreamPieces } from "./split-stream-pieces.js";

/**
 * OpenAI Responses replies (POST /v1/responses), as openai/openapi.yaml defines Response and the
 * ResponseStreamEvent union (ResponseCreatedEvent, ResponseOutputItemAddedEvent,
 * ResponseFunctionCallArgumentsDeltaEvent/DoneEvent, ResponseOutputItemDoneEvent,
 * ResponseCompletedEvent…).
 */

const responseId = (turn: FakeTurn) => `resp_correx_${turn.index + 1}`;
const messageItemId = (turn: FakeTurn) => `msg_correx_${turn.index + 1}`;
const callItemId = (turn: FakeTurn, index: number) => `${turn.calls[index]?.custom ? "ctc" : turn.calls[index]?.toolSearch ? "tsc" : "fc"}_correx_${turn.index + 1}_${index + 1}`;

/**
 * A call's output item: a function_call, a custom_tool_call (CustomToolCall) for a freeform call,
 * or a client-executed tool_search_call (its `arguments` an object, sent whole: no deltas).
 */
function callItem(turn: FakeTurn, index: number, status: "in_progress" | "completed"): Record<string, unknown> {
  const call = turn.calls[index]!;
  const text = status === "completed" ? call.arguments : "";
  if (call.toolSearch) return { id: callItemId(turn, index), type: "tool_search_call", status, call_id: call.id, execution: "client", arguments: JSON.parse(call.arguments) };
  return call.custom
    ? { id: callItemId(turn, index), type: "custom_tool_call", status, call_id: call.id, input: text, name: call.name }
    : { id: callItemId(turn, index), type: "function_call", status, arguments: text, call_id: call.id, name: call.name, ...(call.namespace === undefined ? {} : { namespace: call.namespace }) };
}

const usage = {
  input_tokens: FAKE_USAGE.input,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: FAKE_USAGE.output,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
};

const outputText = (text: string) => ({ type: "output_text", annotations: [], logprobs: [], text });

function outputItems(turn: FakeTurn): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  if (turn.text !== null) {
    items.push({ id: messageItemId(turn), type: "message", status: "completed", content: [outputText(turn.text)], role: "assistant" });
  }
  turn.calls.forEach((_call, index) => items.push(callItem(turn, index, "completed")));
  return items;
}

function responseObject(turn: FakeTurn, context: FakeReplyContext, completed: boolean): Record<string, unknown> {
  return {
    id: responseId(turn),
    object: "response",
    created_at: FAKE_CREATED_AT,
    status: completed ? "completed" : "in_progress",
    completed_at: completed ? FAKE_CREATED_AT : null,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: context.model,
    output: completed ? outputItems(turn) : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    usage: completed ? usage : null,
    user: null,
    metadata: {},
  };
}

/** The non-streaming Response object. */
export function openaiResponsesJson(turn: FakeTurn, context: FakeReplyContext): unknown {
  return responseObject(turn, context, true);
}

/**
 * The stream: `event: <type>⏎data: <json>⏎⏎` frames, every event with its `sequence_number`:
 * response.created and response.in_progress; for text a message item (output_item.added,
 * content_part.added, output_text.delta pieces, output_text.done, content_part.done,
 * output_item.done); for each call a function_call item (output_item.added with empty
 * `arguments`, function_call_arguments.delta pieces, function_call_arguments.done,
 * output_item.done), or for a freeform call a custom_tool_call item (custom_tool_call_input.delta
 * pieces and custom_tool_call_input.done instead), or for a tool search a tool_search_call item (added and
 * done, nothing between); then response.completed with the whole output and usage. No `[DONE]`.
 */
export function openaiResponsesFrames(turn: FakeTurn, context: FakeReplyContext): string[] {
  let sequence = 0;
  const frames: string[] = [];
  const event = (type: string, data: Record<string, unknown>) => {
    frames.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data, sequence_number: sequence++ })}\n\n`);
  };
  event("response.created", { response: responseObject(turn, context, false) });
  event("response.in_progress", { response: responseObject(turn, context, false) });
  let outputIndex = 0;
  if (turn.text !== null) {
    const itemId = messageItemId(turn);
    event("response.output_item.added", { output_index: outputIndex, item: { id: itemId, type: "message", status: "in_progress", content: [], role: "assistant" } });
    event("response.content_part.added", { item_id: itemId, output_index: outputIndex, content_index: 0, part: outputText("") });
    for (const piece of splitStreamPieces(turn.text, context.pieceSize)) {
      event("response.output_text.delta", { item_id: itemId, output_index: outputIndex, content_index: 0, delta: piece, logprobs: [] });
    }
    event("response.output_text.done", { item_id: itemId, output_index: outputIndex, content_index: 0, text: turn.text, logprobs: [] });
    event("response.content_part.done", { item_id: itemId, output_index: outputIndex, content_index: 0, part: outputText(turn.text) });
    event("response.output_item.done", {
      output_index: outputIndex,
      item: { id: itemId, type: "message", status: "completed", content: [outputText(turn.text)], role: "assistant" },
    });
    outputIndex++;
  }
  turn.calls.forEach((call, index) => {
    const itemId = callItemId(turn, index);
    if (call.toolSearch) {
      event("response.output_item.added", { output_index: outputIndex, item: callItem(turn, index, "completed") });
      event("response.output_item.done", { output_index: outputIndex, item: callItem(turn, index, "completed") });
      outputIndex++;
      return;
    }
    event("response.output_item.added", { output_index: outputIndex, item: callItem(turn, index, "in_progress") });
    const kind = call.custom ? "custom_tool_call_input" : "function_call_arguments";
    for (const piece of splitStreamPieces(call.arguments, context.pieceSize)) {
      event(`response.${kind}.delta`, { item_id: itemId, output_index: outputIndex, delta: piece });
    }
    if (call.custom) event("response.custom_tool_call_input.done", { item_id: itemId, output_index: outputIndex, input: call.arguments });
    else event("response.function_call_arguments.done", { item_id: itemId, name: call.name, output_index: outputIndex, arguments: call.arguments });
    event("response.output_item.done", { output_index: outputIndex, item: callItem(turn, index, "completed") });
    outputIndex++;
  });
  event("response.completed", { response: responseObject(turn, context, true) });
  return frames;
}
