import type { AssistantMessage, Message, ToolMessage, ToolResultPart, UserMessage } from "../../generated/schema-types.js";
import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { OpenAIResponsesBody } from "../wire-bodies.js";
import { IMAGE_MIMES, validateMedia } from "./core-media.js";
import { joinText, splitCoreRequest, systemParts, wrapSystemUpdate } from "./core-request.js";
import { coreToolResultText } from "./core-tool-result-text.js";

const ROUTE = "OpenAI Responses";
type Item = Record<string, unknown>;

/** @see spec §4.3 (OpenAI Responses: input_image, IMAGE_MIMES) */
function lowerImage(mediaType: string, data: string): Item {
  return { type: "input_image", image_url: validateMedia(ROUTE, mediaType, data, IMAGE_MIMES).dataUrl };
}

/**
 * `function_call_output` with a string, or an input_text/input_image array for content results.
 * @see spec §4.3 (OpenAI Responses lowerToolResultOutput)
 */
function lowerToolResult(part: ToolResultPart): Item {
  const output =
    part.result.type === "content"
      ? part.result.value.map((item) => {
          switch (item.type) {
            case "text":
              return { type: "input_text", text: item.text };
            case "file":
              return lowerImage(item.mime, item.uri);
            default: {
              const _exhaustive: never = item;
              return _exhaustive;
            }
          }
        })
      : coreToolResultText(part.result);
  return { type: "function_call_output", call_id: part.id, output };
}

/** @see spec §4.3 (OpenAI Responses user input) */
function lowerUser(message: UserMessage): Item {
  return {
    role: "user",
    content: message.content.map((part) => {
      switch (part.type) {
        case "text":
          return { type: "input_text", text: part.text };
        case "media":
          return lowerImage(part.mediaType, part.data);
        default: {
          const _exhaustive: never = part;
          return _exhaustive;
        }
      }
    }),
  };
}

/**
 * Assistant items: each run of text parts is one `{role:"assistant"}` message of output_text parts, a
 * local tool call is a function_call item, a provider-executed call is not sent (`OpenAIResponses.lowerMessages`
 * in the 1.18.33 bundle: texts are queued and flushed before a call and at the end).
 * @see spec §4.3 (OpenAI Responses)
 */
function lowerAssistant(message: AssistantMessage): Item[] {
  const items: Item[] = [];
  const texts: string[] = [];
  const flush = () => {
    if (texts.length > 0) items.push({ role: "assistant", content: texts.splice(0).map((text) => ({ type: "output_text", text })) });
  };
  for (const part of message.content) {
    switch (part.type) {
      case "text":
        texts.push(part.text);
        break;
      case "tool-call":
        flush();
        if (part.providerExecuted !== true) items.push({ type: "function_call", call_id: part.id, name: part.name, arguments: JSON.stringify(part.input) });
        break;
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  }
  flush();
  return items;
}

/**
 * A later system message: one more input_text part of the previous item when that item is a user
 * message (a user message or an earlier update), else a new user item.
 * @see spec §4.3 (system-update merge)
 */
function lowerSystemUpdate(input: Item[], text: string): void {
  const part = { type: "input_text", text };
  const previous = input.at(-1);
  if (previous?.role === "user") input[input.length - 1] = { role: "user", content: [...(previous.content as unknown[]), part] };
  else input.push({ role: "user", content: [part] });
}

/**
 * opencode-core (native) lowering to OpenAI Responses `{input}`.
 * @see spec §4.3 (OpenAI Responses)
 */
export function lowerCoreOpenAIResponses(options: { messages: Message[] }): LoweringResult<OpenAIResponsesBody> {
  const request = splitCoreRequest(options.messages);
  const input: Item[] = request.system.length === 0 ? [] : [{ role: "system", content: joinText(request.system) }];
  for (const message of request.messages) {
    switch (message.role) {
      case "system":
        lowerSystemUpdate(input, wrapSystemUpdate(systemParts(message)).text);
        break;
      case "user":
        input.push(lowerUser(message));
        break;
      case "assistant":
        input.push(...lowerAssistant(message));
        break;
      case "tool":
        input.push(...(message as ToolMessage).content.map(lowerToolResult));
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  return { body: wireValue({ input }) as unknown as OpenAIResponsesBody, warnings: [] };
}
