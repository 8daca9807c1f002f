import type { Protocol } from "../lower/lowering-result.js";
import { parseSseEvents, type SseEvent } from "./loop-sse-events.js";

/** The finish reasons the loop acts on. @see spec §4.5 */
export type LoopFinish = "stop" | "tool-calls" | "length" | "content-filter" | "unknown";

/** One tool call read from a stream; `arguments` is the JSON text as streamed. */
export interface LoopCall {
  id: string | null;
  name: string;
  arguments: string;
}

/** A streamed model reply, reassembled. */
export interface LoopReply {
  text: string;
  calls: LoopCall[];
  finish: LoopFinish;
}

type Json = Record<string, any>;

/**
 * Reassembles one streamed reply per protocol and maps its finish reason (§4.5): OpenAI Chat
 * `tool_calls`/`function_call` → tool-calls, `stop` → stop, `length`, `content_filter`;
 * Anthropic `tool_use` → tool-calls, `end_turn`/`stop_sequence`/`pause_turn` → stop,
 * `max_tokens` → length, `refusal` → content-filter; Gemini `STOP` → tool-calls when a call was
 * seen, else stop, `MAX_TOKENS` → length; Responses: tool-calls when a function call was seen.
 * @see spec §4.5 (finish mapping)
 */
export function parseStreamReply(protocol: Protocol, stream: string | readonly SseEvent[]): LoopReply {
  const events = (typeof stream === "string" ? parseSseEvents(stream) : stream).filter((event) => event.data !== "[DONE]").map((event) => JSON.parse(event.data) as Json);
  switch (protocol) {
    case "openai-chat":
      return openaiChat(events);
    case "anthropic-messages":
      return anthropic(events);
    case "google-gemini":
      return gemini(events);
    case "openai-responses":
      return responses(events);
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}

function openaiChat(events: Json[]): LoopReply {
  let text = "";
  const calls: LoopCall[] = [];
  let finish: LoopFinish = "unknown";
  for (const event of events) {
    for (const choice of (event.choices ?? []) as Json[]) {
      const delta = choice.delta ?? {};
      if (typeof delta.content === "string") text += delta.content;
      for (const call of (delta.tool_calls ?? []) as Json[]) {
        const index = call.index as number;
        calls[index] ??= { id: null, name: "", arguments: "" };
        const slot = calls[index];
        if (call.id) slot.id = call.id;
        if (call.function?.name) slot.name = call.function.name;
        if (call.function?.arguments) slot.arguments += call.function.arguments;
      }
      const reason = choice.finish_reason as string | null;
      if (reason === "tool_calls" || reason === "function_call") finish = "tool-calls";
      else if (reason === "stop") finish = "stop";
      else if (reason === "length") finish = "length";
      else if (reason === "content_filter") finish = "content-filter";
    }
  }
  return { text, calls: calls.filter(Boolean), finish };
}

function anthropic(events: Json[]): LoopReply {
  let text = "";
  const blocks = new Map<number, LoopCall>();
  let finish: LoopFinish = "unknown";
  for (const event of events) {
    if (event.type === "content_block_start" && event.content_block?.type === "tool_use") {
      blocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, arguments: "" });
    } else if (event.type === "content_block_delta") {
      if (event.delta?.type === "text_delta") text += event.delta.text;
      if (event.delta?.type === "input_json_delta") blocks.get(event.index)!.arguments += event.delta.partial_json;
    } else if (event.type === "message_delta") {
      const reason = event.delta?.stop_reason as string | null;
      if (reason === "tool_use") finish = "tool-calls";
      else if (reason === "end_turn" || reason === "stop_sequence" || reason === "pause_turn") finish = "stop";
      else if (reason === "max_tokens") finish = "length";
      else if (reason === "refusal") finish = "content-filter";
    }
  }
  const calls = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, call]) => ({ ...call, arguments: call.arguments || "{}" }));
  return { text, calls, finish };
}

function gemini(events: Json[]): LoopReply {
  let text = "";
  const calls: LoopCall[] = [];
  let reason: string | null = null;
  for (const event of events) {
    const candidate = (event.candidates ?? [])[0] as Json | undefined;
    for (const part of (candidate?.content?.parts ?? []) as Json[]) {
      if (typeof part.text === "string") text += part.text;
      if (part.functionCall) calls.push({ id: null, name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) });
    }
    if (candidate?.finishReason) reason = candidate.finishReason;
  }
  const finish: LoopFinish = reason === "STOP" ? (calls.length > 0 ? "tool-calls" : "stop") : reason === "MAX_TOKENS" ? "length" : "unknown";
  return { text, calls, finish };
}

function responses(events: Json[]): LoopReply {
  let text = "";
  const calls: LoopCall[] = [];
  let completed = false;
  for (const event of events) {
    if (event.type === "response.output_text.delta") text += event.delta;
    if (event.type === "response.output_item.done" && event.item?.type === "function_call") {
      calls.push({ id: event.item.call_id, name: event.item.name, arguments: event.item.arguments });
    }
    if (event.type === "response.completed") completed = true;
  }
  return { text, calls, finish: calls.length > 0 ? "tool-calls" : completed ? "stop" : "unknown" };
}
