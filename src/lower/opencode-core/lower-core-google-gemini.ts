import type { AssistantMessage, Message, ToolMessage, ToolResultPart, UserMessage } from "../../generated/schema-types.js";
import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { GoogleGeminiBody } from "../wire-bodies.js";
import { MEDIA_MIMES, validateMedia } from "./core-media.js";
import { joinText, splitCoreRequest, systemParts, wrapSystemUpdate } from "./core-request.js";
import { coreToolResultText } from "./core-tool-result-text.js";

const ROUTE = "Gemini";
type Part = Record<string, unknown>;
type Content = { role: "user" | "model"; parts: Part[] };

/** @see spec §4.3 (Gemini: inlineData, MEDIA_MIMES) */
function lowerInlineData(mediaType: string, data: string): Part {
  const media = validateMedia(ROUTE, mediaType, data, MEDIA_MIMES);
  return { inlineData: { mimeType: media.mime, data: media.base64 } };
}

/**
 * A functionResponse `{name, response: {name, content}}` followed by its files as sibling inlineData parts; no error flag.
 * @see spec §4.3 (Gemini lowerMessages)
 */
function lowerToolResult(part: ToolResultPart): Part[] {
  if (part.result.type !== "content") return [{ functionResponse: { name: part.name, response: { name: part.name, content: coreToolResultText(part.result) } } }];
  const texts: string[] = [];
  const files: Part[] = [];
  for (const item of part.result.value) {
    switch (item.type) {
      case "text":
        texts.push(item.text);
        break;
      case "file":
        files.push(lowerInlineData(item.mime, item.uri));
        break;
      default: {
        const _exhaustive: never = item;
        return _exhaustive;
      }
    }
  }
  return [{ functionResponse: { name: part.name, response: { name: part.name, content: texts.join("\n") } } }, ...files];
}

/** @see spec §4.3 (Gemini user content) */
function lowerUser(message: UserMessage): Content {
  return {
    role: "user",
    parts: message.content.map((part) => {
      switch (part.type) {
        case "text":
          return { text: part.text };
        case "media":
          return lowerInlineData(part.mediaType, part.data);
        default: {
          const _exhaustive: never = part;
          return _exhaustive;
        }
      }
    }),
  };
}

/** @see spec §4.3 (Gemini model content: text and functionCall) */
function lowerAssistant(message: AssistantMessage): Content {
  return {
    role: "model",
    parts: message.content.map((part) => {
      switch (part.type) {
        case "text":
          return { text: part.text };
        case "tool-call":
          return { functionCall: { name: part.name, args: part.input } };
        default: {
          const _exhaustive: never = part;
          return _exhaustive;
        }
      }
    }),
  };
}

/**
 * opencode-core (native) lowering to Gemini `{contents, systemInstruction?}`.
 * @see spec §4.3 (Gemini)
 */
export function lowerCoreGoogleGemini(options: { messages: Message[] }): LoweringResult<GoogleGeminiBody> {
  const request = splitCoreRequest(options.messages);
  const contents: Content[] = [];
  for (const message of request.messages) {
    switch (message.role) {
      case "system": {
        const part = { text: wrapSystemUpdate(systemParts(message)).text };
        const previous = contents.at(-1);
        if (previous?.role === "user") previous.parts.push(part);
        else contents.push({ role: "user", parts: [part] });
        break;
      }
      case "user":
        contents.push(lowerUser(message));
        break;
      case "assistant":
        contents.push(lowerAssistant(message));
        break;
      case "tool":
        contents.push({ role: "user", parts: (message as ToolMessage).content.flatMap(lowerToolResult) });
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  const systemInstruction = request.system.length === 0 ? undefined : { parts: [{ text: joinText(request.system) }] };
  return { body: wireValue({ contents, systemInstruction }) as unknown as GoogleGeminiBody, warnings: [] };
}
