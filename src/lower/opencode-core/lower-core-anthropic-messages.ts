import type { AssistantMessage, Message, ToolMessage, ToolResultPart, UserMessage } from "../../generated/schema-types.js";
import { LoweringError } from "../lowering-error.js";
import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { AnthropicMessagesBody } from "../wire-bodies.js";
import { ANTHROPIC_BREAKPOINT_CAP, type CacheBreakpoints, cacheControl } from "./core-cache-breakpoints.js";
import { applyDefaultCachePolicy } from "./core-cache-policy.js";
import { IMAGE_MIMES, validateMedia } from "./core-media.js";
import { splitCoreRequest, systemParts, wrapSystemUpdate } from "./core-request.js";
import { coreToolResultText } from "./core-tool-result-text.js";

const ROUTE = "Anthropic Messages";
type Block = Record<string, unknown>;
type AnthropicMessage = { role: "user" | "assistant"; content: Block[] };

/** @see spec §4.3 (Anthropic: images only, base64 source) */
function lowerImage(mediaType: string, data: string): Block {
  const media = validateMedia(ROUTE, mediaType, data, IMAGE_MIMES);
  return { type: "image", source: { type: "base64", media_type: media.mime, data: media.base64 } };
}

/**
 * A tool_result block: string content for text/json/error, text/image array for content, `is_error` only for errors.
 * @see spec §4.3 (Anthropic Messages lowerMessages)
 */
function lowerToolResult(part: ToolResultPart, breakpoints: CacheBreakpoints): Block {
  const content =
    part.result.type === "content"
      ? part.result.value.map((item) => {
          switch (item.type) {
            case "text":
              return { type: "text", text: item.text };
            case "file":
              return lowerImage(item.mime, item.uri);
            default: {
              const _exhaustive: never = item;
              return _exhaustive;
            }
          }
        })
      : coreToolResultText(part.result);
  return {
    type: "tool_result",
    tool_use_id: part.id,
    content,
    is_error: part.result.type === "error" ? true : undefined,
    cache_control: cacheControl(breakpoints, part.cache),
  };
}

/** @see spec §4.3 (Anthropic user message) */
function lowerUser(message: UserMessage, breakpoints: CacheBreakpoints): AnthropicMessage {
  const content = message.content.map((part): Block => {
    switch (part.type) {
      case "text":
        return { type: "text", text: part.text, cache_control: cacheControl(breakpoints, part.cache) };
      case "media":
        return lowerImage(part.mediaType, part.data);
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  });
  return { role: "user", content };
}

/** @see spec §4.3 (Anthropic assistant message: text and tool_use) */
function lowerAssistant(message: AssistantMessage, breakpoints: CacheBreakpoints): AnthropicMessage {
  const content = message.content.map((part): Block => {
    switch (part.type) {
      case "text":
        return { type: "text", text: part.text, cache_control: cacheControl(breakpoints, part.cache) };
      case "tool-call":
        return { type: part.providerExecuted ? "server_tool_use" : "tool_use", id: part.id, name: part.name, input: part.input };
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  });
  return { role: "assistant", content };
}

function splitsLocalToolResults(messages: Message[], index: number): boolean {
  const pending = new Set<string>();
  for (const message of messages.slice(0, index)) {
    if (message.role === "assistant") for (const part of message.content) if (part.type === "tool-call" && part.providerExecuted !== true) pending.add(part.id);
    if (message.role === "tool") for (const part of message.content) pending.delete(part.id);
  }
  return pending.size > 0;
}

/**
 * opencode-core (native) lowering to Anthropic Messages `{system?, messages}`: each tool message becomes its own user message.
 * The default cache policy runs first (`LLM.compile`), then hints become breakpoints in request order, at most 4.
 * @see spec §4.3 (Anthropic Messages)
 */
export function lowerCoreAnthropicMessages(options: { messages: Message[] }): LoweringResult<AnthropicMessagesBody> {
  const request = applyDefaultCachePolicy(splitCoreRequest(options.messages));
  const breakpoints: CacheBreakpoints = { remaining: ANTHROPIC_BREAKPOINT_CAP, dropped: 0 };
  const system = request.system.length === 0 ? undefined : request.system.map((part) => ({ type: "text", text: part.text, cache_control: cacheControl(breakpoints, part.cache) }));
  const messages: AnthropicMessage[] = [];
  for (const [index, message] of request.messages.entries()) {
    switch (message.role) {
      case "system": {
        if (splitsLocalToolResults(request.messages, index)) throw new LoweringError(`${ROUTE} system updates cannot split a local tool call from its tool result`);
        const update = wrapSystemUpdate(systemParts(message));
        const block = { type: "text", text: update.text, cache_control: cacheControl(breakpoints, update.cache) };
        const previous = messages.at(-1);
        if (previous?.role === "user") messages[messages.length - 1] = { role: "user", content: [...previous.content, block] };
        else messages.push({ role: "user", content: [block] });
        break;
      }
      case "user":
        messages.push(lowerUser(message, breakpoints));
        break;
      case "assistant":
        messages.push(lowerAssistant(message, breakpoints));
        break;
      case "tool":
        messages.push({ role: "user", content: (message as ToolMessage).content.map((part) => lowerToolResult(part, breakpoints)) });
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  const warnings = breakpoints.dropped > 0 ? [`${ROUTE}: dropped ${breakpoints.dropped} cache breakpoint(s); the API allows at most ${ANTHROPIC_BREAKPOINT_CAP} per request.`] : [];
  return { body: wireValue({ system, messages }) as unknown as AnthropicMessagesBody, warnings };
}
