import type { AssistantMessage, MediaPart, Message, ToolMessage, ToolResultPart, UserMessage } from "../../generated/schema-types.js";
import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { OpenAIChatBody } from "../wire-bodies.js";
import { IMAGE_MIMES, validateMedia } from "./core-media.js";
import { joinText, splitCoreRequest, systemParts, wrapSystemUpdate } from "./core-request.js";
import { coreToolResultText } from "./core-tool-result-text.js";

const ROUTE = "OpenAI Chat";
type ImagePart = { type: "image_url"; image_url: { url: string } };
type UserContent = { type: "text"; text: string } | ImagePart;
type ChatMessage = Record<string, unknown> & { role: string; content?: unknown };

/** @see spec §4.3 (OpenAI Chat: image_url parts, IMAGE_MIMES) */
function lowerImage(mediaType: string, data: string): ImagePart {
  return { type: "image_url", image_url: { url: validateMedia(ROUTE, mediaType, data, IMAGE_MIMES).dataUrl } };
}

/** @see spec §4.3 (OpenAI Chat user message: a string when all text) */
function lowerUser(message: UserMessage): ChatMessage {
  const content: UserContent[] = message.content.map((part) => {
    switch (part.type) {
      case "text":
        return { type: "text", text: part.text };
      case "media":
        return lowerImage((part as MediaPart).mediaType, part.data);
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  });
  if (content.every((part) => part.type === "text")) return { role: "user", content: content.map((part) => (part as { text: string }).text).join("") };
  return { role: "user", content };
}

/** @see spec §4.3 (OpenAI Chat assistant: joined text or null, tool_calls) */
function lowerAssistant(message: AssistantMessage): ChatMessage {
  const texts: { text: string }[] = [];
  const toolCalls: unknown[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case "text":
        texts.push(part);
        break;
      case "tool-call":
        toolCalls.push({ id: part.id, type: "function", function: { name: part.name, arguments: JSON.stringify(part.input) } });
        break;
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  }
  return { role: "assistant", content: texts.length === 0 ? null : joinText(texts), tool_calls: toolCalls.length === 0 ? undefined : toolCalls };
}

/**
 * One `role:"tool"` message per result with string content; content results join their text parts with `\n`
 * and queue their files as images.
 * @see spec §4.3 (OpenAI Chat lowerToolMessages)
 */
function lowerToolResult(part: ToolResultPart, images: ImagePart[]): ChatMessage {
  if (part.result.type !== "content") return { role: "tool", tool_call_id: part.id, content: coreToolResultText(part.result) };
  const texts: string[] = [];
  for (const item of part.result.value) {
    switch (item.type) {
      case "text":
        texts.push(item.text);
        break;
      case "file":
        images.push(lowerImage(item.mime, item.uri));
        break;
      default: {
        const _exhaustive: never = item;
        return _exhaustive;
      }
    }
  }
  return { role: "tool", tool_call_id: part.id, content: texts.join("\n") };
}

/**
 * A later system message: merged with queued images, else appended to the previous user message, else a new user message.
 * @see spec §4.3 (system-update merge)
 */
function lowerSystemUpdate(messages: ChatMessage[], pending: ImagePart[], text: string): void {
  if (pending.length > 0) {
    messages.push({ role: "user", content: [...pending.splice(0), { type: "text", text }] });
    return;
  }
  const previous = messages.at(-1);
  if (previous?.role === "user" && typeof previous.content === "string") messages[messages.length - 1] = { role: "user", content: `${previous.content}\n${text}` };
  else if (previous?.role === "user" && Array.isArray(previous.content)) messages[messages.length - 1] = { role: "user", content: [...(previous.content as unknown[]), { type: "text", text }] };
  else messages.push({ role: "user", content: text });
}

/**
 * opencode-core (native) lowering to OpenAI Chat Completions `messages`.
 * @see spec §4.3 (OpenAI Chat)
 */
export function lowerCoreOpenAIChat(options: { messages: Message[] }): LoweringResult<OpenAIChatBody> {
  const request = splitCoreRequest(options.messages);
  const messages: ChatMessage[] = request.system.length === 0 ? [] : [{ role: "system", content: joinText(request.system) }];
  const pending: ImagePart[] = [];
  const flush = () => {
    if (pending.length > 0) messages.push({ role: "user", content: pending.splice(0) });
  };
  for (const message of request.messages) {
    switch (message.role) {
      case "system":
        lowerSystemUpdate(messages, pending, wrapSystemUpdate(systemParts(message)).text);
        break;
      case "tool":
        for (const part of (message as ToolMessage).content) messages.push(lowerToolResult(part, pending));
        break;
      case "user":
        flush();
        messages.push(lowerUser(message));
        break;
      case "assistant":
        flush();
        messages.push(lowerAssistant(message));
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  flush();
  return { body: wireValue({ messages }) as unknown as OpenAIChatBody, warnings: [] };
}
