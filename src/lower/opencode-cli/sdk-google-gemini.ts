import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { GoogleGeminiBody } from "../wire-bodies.js";
import { type SdkContentItem, type SdkMessage, unsupported } from "./sdk-prompt.js";

type Part = Record<string, unknown>;
const dataUrlPattern = /^data:([^;,]+);base64,(.+)$/s;

/**
 * Gemini 3 (`supportsFunctionResponseParts`): one functionResponse, text joined by `\n` (or the fixed text), media nested in `parts`.
 * @see spec §4.2 (Google content, gemini-3)
 */
function functionResponseWithParts(toolName: string, items: SdkContentItem[]): Part {
  const parts: Part[] = [];
  const texts: string[] = [];
  for (const item of items) {
    switch (item.type) {
      case "text":
        texts.push(item.text ?? "");
        break;
      case "image-data":
      case "file-data":
        parts.push({ inlineData: { mimeType: item.mediaType, data: item.data } });
        break;
      case "image-url":
      case "file-url": {
        const match = dataUrlPattern.exec(item.url ?? "");
        if (match) parts.push({ inlineData: { mimeType: match[1], data: match[2] } });
        else texts.push(JSON.stringify(item));
        break;
      }
      default:
        texts.push(JSON.stringify(item));
    }
  }
  return {
    functionResponse: {
      name: toolName,
      response: { name: toolName, content: texts.length > 0 ? texts.join("\n") : "Tool executed successfully." },
      ...(parts.length > 0 ? { parts } : {}),
    },
  };
}

/**
 * Earlier models: one functionResponse per text part; an image is a sibling inlineData plus the fixed text; anything else its JSON.
 * @see spec §4.2 (Google content, legacy), ai-sdk-and-provider-apis.md (at opencode's versions)
 */
function legacyParts(toolName: string, items: SdkContentItem[]): Part[] {
  return items.flatMap((item): Part[] => {
    if (item.type === "text") return [{ functionResponse: { name: toolName, response: { name: toolName, content: item.text } } }];
    if (item.type === "image-data")
      return [{ inlineData: { mimeType: String(item.mediaType), data: String(item.data) } }, { text: "Tool executed successfully and returned this image as a response" }];
    return [{ text: JSON.stringify(item) }];
  });
}

/**
 * @ai-sdk/google 3.0.73 `convertToGoogleGenerativeAIMessages`: `{contents, systemInstruction?}`; json values raw, no error flag, no ids.
 * @see spec §4.2 (Google column), ai-sdk-and-provider-apis.md §3
 */
export function sdkGoogleGemini(prompt: SdkMessage[], modelID: string): LoweringResult<GoogleGeminiBody> {
  const withParts = modelID.startsWith("gemini-3");
  const gemma = modelID.toLowerCase().startsWith("gemma-");
  const system: { text: string }[] = [];
  const contents: { role: string; parts: Part[] }[] = [];
  let systemAllowed = true;
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        if (!systemAllowed) throw unsupported("system messages are only supported at the beginning of the conversation");
        system.push({ text: message.content });
        break;
      case "user":
        systemAllowed = false;
        contents.push({
          role: "user",
          parts: message.content.map((part): Part => {
            if (part.type === "text") return { text: part.text };
            const mimeType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
            return typeof part.data === "string" ? { inlineData: { mimeType, data: part.data } } : { fileData: { mimeType, fileUri: part.data.url } };
          }),
        });
        break;
      case "assistant":
        systemAllowed = false;
        contents.push({
          role: "model",
          parts: message.content.flatMap((part): Part[] => {
            const options = part.providerOptions?.google ?? part.providerOptions?.vertex;
            const thoughtSignature = options?.thoughtSignature != null ? String(options.thoughtSignature) : undefined;
            switch (part.type) {
              case "text":
                return part.text.length === 0 ? [] : [{ text: part.text, thoughtSignature }];
              case "reasoning":
                return part.text.length === 0 ? [] : [{ text: part.text, thought: true, thoughtSignature }];
              case "file":
                if (typeof part.data !== "string") throw unsupported("File data URLs in assistant messages are not supported");
                return [{ inlineData: { mimeType: part.mediaType, data: part.data }, ...(options?.thought === true ? { thought: true } : {}), thoughtSignature }];
              case "tool-call":
                return [{ functionCall: { name: part.toolName, args: part.input }, thoughtSignature }];
              default: {
                const _exhaustive: never = part;
                return _exhaustive;
              }
            }
          }),
        });
        break;
      case "tool": {
        systemAllowed = false;
        const parts: Part[] = [];
        for (const part of message.content) {
          const output = part.output;
          if (output.type === "content") {
            if (withParts) parts.push(functionResponseWithParts(part.toolName, output.value));
            else parts.push(...legacyParts(part.toolName, output.value));
          } else
            parts.push({
              functionResponse: { name: part.toolName, response: { name: part.toolName, content: output.type === "execution-denied" ? (output.reason ?? "Tool execution denied.") : output.value } },
            });
        }
        contents.push({ role: "user", parts });
        break;
      }
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  if (gemma && system.length > 0 && contents[0]?.role === "user") contents[0].parts.unshift({ text: `${system.map((part) => part.text).join("\n\n")}\n\n` });
  const systemInstruction = system.length > 0 && !gemma ? { parts: system } : undefined;
  return { body: wireValue({ contents, systemInstruction }) as unknown as GoogleGeminiBody, warnings: [] };
}
