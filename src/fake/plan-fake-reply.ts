import { anthropicMessagesFrames, anthropicMessagesJson } from "./anthropic-messages-reply.js";
import type { FakeProtocol } from "./fake-protocol.js";
import type { FakeReply } from "./fake-reply.js";
import type { FakeReplyContext } from "./fake-reply-context.js";
import type { FakeTurn } from "./fake-turn.js";
import { googleGeminiArrayFrames, googleGeminiFrames, googleGeminiJson } from "./google-gemini-reply.js";
import { openaiChatFrames, openaiChatJson } from "./openai-chat-reply.js";
import { openaiResponsesFrames, openaiResponsesJson } from "./openai-responses-reply.js";
import { providerErrorReply } from "./provider-error-reply.js";

/** How the reply is asked for: a JSON body, an SSE stream, or (gemini without alt=sse) a streamed JSON array. */
export type FakeReplyMode = "json" | "sse" | "json-array";

const SSE_HEADERS: Record<FakeProtocol, Record<string, string>> = {
  "openai-chat": { "content-type": "text/event-stream; charset=utf-8" },
  "openai-responses": { "content-type": "text/event-stream; charset=utf-8" },
  "anthropic-messages": { "content-type": "text/event-stream; charset=utf-8" },
  "google-gemini": { "content-type": "text/event-stream" },
};

/** The turn's regular reply, JSON or frames. */
export function turnReply(protocol: FakeProtocol, turn: FakeTurn, mode: FakeReplyMode, context: FakeReplyContext): FakeReply {
  if (mode === "json") {
    const body =
      protocol === "openai-chat"
        ? openaiChatJson(turn, context)
        : protocol === "anthropic-messages"
          ? anthropicMessagesJson(turn, context)
          : protocol === "google-gemini"
            ? googleGeminiJson(turn, context)
            : openaiResponsesJson(turn, context);
    return { type: "json", status: 200, headers: {}, body };
  }
  if (mode === "json-array") {
    return { type: "sse-frames", status: 200, headers: { "content-type": "application/json; charset=UTF-8" }, frames: googleGeminiArrayFrames(turn, context), end: "close" };
  }
  const frames =
    protocol === "openai-chat"
      ? openaiChatFrames(turn, context)
      : protocol === "anthropic-messages"
        ? anthropicMessagesFrames(turn, context)
        : protocol === "google-gemini"
          ? googleGeminiFrames(turn, context)
          : openaiResponsesFrames(turn, context);
  return { type: "sse-frames", status: 200, headers: SSE_HEADERS[protocol], frames, end: "close" };
}

/**
 * The reply to the `attempt`-th request (1-based) that selected `turn`: the turn's fault while
 * `attempt ≤ fault.times`, else the regular reply.
 */
export function planFakeReply(protocol: FakeProtocol, turn: FakeTurn, mode: FakeReplyMode, context: FakeReplyContext, attempt: number): FakeReply {
  const regular = turnReply(protocol, turn, mode, context);
  const fault = turn.fault;
  if (fault === null || attempt > (fault.times ?? 1)) return regular;
  switch (fault.kind) {
    case "rate-limit": {
      const seconds = fault.retryAfter ?? 1;
      return providerErrorReply(protocol, "rate-limit", `Rate limit reached (correx fake, turn ${turn.index + 1}). Please try again in ${seconds}s.`, {
        "retry-after": String(seconds),
      });
    }
    case "server-error":
      return providerErrorReply(protocol, "server-error", `The server had an error while processing your request (correx fake, turn ${turn.index + 1}).`);
    case "malformed-stream":
      return malformed(regular);
    case "truncated-stream":
      return truncated(regular);
    case "hang":
      return { type: "hang" };
    default: {
      const _exhaustive: never = fault.kind;
      return _exhaustive;
    }
  }
}

/** The reply with its second event's JSON cut in half (the event itself still terminated); a JSON body cut in half. */
function malformed(reply: FakeReply): FakeReply {
  if (reply.type === "json") return { type: "text", status: 200, headers: { "content-type": "application/json" }, text: halfOf(JSON.stringify(reply.body)) };
  if (reply.type !== "sse-frames") return reply;
  const frames = [...reply.frames];
  const at = Math.min(1, frames.length - 1);
  const frame = frames[at];
  const dataStart = frame.indexOf("data: ") + "data: ".length;
  const terminator = frame.endsWith("\r\n\r\n") ? "\r\n\r\n" : "\n\n";
  const data = frame.slice(dataStart, frame.length - terminator.length);
  frames[at] = frame.slice(0, dataStart) + halfOf(data) + terminator;
  return { ...reply, frames };
}

/** The reply cut off in the middle of its middle event (a JSON body: in the middle), then closed. */
function truncated(reply: FakeReply): FakeReply {
  if (reply.type === "json") return { type: "text", status: 200, headers: { "content-type": "application/json" }, text: halfOf(JSON.stringify(reply.body)) };
  if (reply.type !== "sse-frames") return reply;
  const at = Math.floor(reply.frames.length / 2);
  return { ...reply, frames: [...reply.frames.slice(0, at), halfOf(reply.frames[at])], end: "close" };
}

const halfOf = (text: string) =>
  Array.from(text)
    .slice(0, Math.max(1, Math.floor(Array.from(text).length / 2)))
    .join("");
