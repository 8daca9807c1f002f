import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { OpenAIChatBody } from "../wire-bodies.js";
import { base64Bytes, type SdkFilePart, type SdkMessage, type SdkToolResultPart, unsupported } from "./sdk-prompt.js";

type Wire = Record<string, unknown>;
const metadataOf = (value: { providerOptions?: Record<string, any> } | undefined): Record<string, unknown> => value?.providerOptions?.openaiCompatible ?? {};

function audioFormat(mediaType: string): string | null {
  if (mediaType === "audio/wav") return "wav";
  if (mediaType === "audio/mp3" || mediaType === "audio/mpeg") return "mp3";
  return null;
}

/** @see ai-sdk-and-provider-apis.md §1 (OpenAI-compatible user parts), spec §4.2 (Attached media message) */
function filePart(part: SdkFilePart): Wire {
  const metadata = metadataOf(part);
  const url = typeof part.data === "string" ? undefined : part.data.url;
  if (part.mediaType.startsWith("image/")) {
    const mediaType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
    return { type: "image_url", image_url: { url: url ?? `data:${mediaType};base64,${part.data as string}` }, ...metadata };
  }
  if (part.mediaType.startsWith("audio/")) {
    if (url !== undefined) throw unsupported("audio file parts with URLs");
    const format = audioFormat(part.mediaType);
    if (format === null) throw unsupported(`audio media type ${part.mediaType}`);
    return { type: "input_audio", input_audio: { data: part.data, format }, ...metadata };
  }
  if (part.mediaType === "application/pdf") {
    if (url !== undefined) throw unsupported("PDF file parts with URLs");
    return { type: "file", file: { filename: part.filename ?? "document.pdf", file_data: `data:application/pdf;base64,${part.data as string}` }, ...metadata };
  }
  if (part.mediaType.startsWith("text/")) return { type: "text", text: url ?? new TextDecoder().decode(base64Bytes(part.data as string)), ...metadata };
  throw unsupported(`file part media type ${part.mediaType}`);
}

/**
 * A tool message per result: text and error-text as is, json/error-json/content as compact JSON, no error flag.
 * @see spec §4.2 (OpenAI-compatible column)
 */
function toolMessage(part: SdkToolResultPart): Wire {
  const output = part.output;
  let content: string;
  switch (output.type) {
    case "text":
    case "error-text":
      content = output.value;
      break;
    case "execution-denied":
      content = output.reason ?? "Tool execution denied.";
      break;
    case "content":
    case "json":
    case "error-json":
      content = JSON.stringify(output.value);
      break;
    default: {
      const _exhaustive: never = output;
      return _exhaustive;
    }
  }
  return { role: "tool", tool_call_id: part.toolCallId, content, ...metadataOf(part) };
}

/** @see ai-sdk-and-provider-apis.md (openai-compatible 2.0.41: tool-call-only assistant content is "") */
function assistantMessage(message: Extract<SdkMessage, { role: "assistant" }>): Wire {
  let text = "";
  let reasoning = "";
  const toolCalls: Wire[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case "text":
        text += part.text;
        break;
      case "reasoning":
        reasoning += part.text;
        break;
      case "tool-call": {
        const signature = part.providerOptions?.google?.thoughtSignature;
        toolCalls.push({
          id: part.toolCallId,
          type: "function",
          function: { name: part.toolName, arguments: JSON.stringify(part.input) },
          ...metadataOf(part),
          ...(signature ? { extra_content: { google: { thought_signature: String(signature) } } } : {}),
        });
        break;
      }
      case "file":
        break;
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  }
  return { role: "assistant", content: text, ...(reasoning.length > 0 ? { reasoning_content: reasoning } : {}), tool_calls: toolCalls.length > 0 ? toolCalls : undefined, ...metadataOf(message) };
}

/**
 * @ai-sdk/openai-compatible 2.0.41 `convertToOpenAICompatibleChatMessages`: the `messages` of a chat request.
 * @see spec §4.2, ai-sdk-and-provider-apis.md §1
 */
export function sdkOpenAICompatibleChat(prompt: SdkMessage[]): LoweringResult<OpenAIChatBody> {
  const messages: Wire[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        messages.push({ role: "system", content: message.content, ...metadataOf(message) });
        break;
      case "user": {
        const only = message.content[0];
        if (message.content.length === 1 && only?.type === "text") messages.push({ role: "user", content: only.text, ...metadataOf(only) });
        else
          messages.push({
            role: "user",
            content: message.content.map((part) => (part.type === "text" ? { type: "text", text: part.text, ...metadataOf(part) } : filePart(part))),
            ...metadataOf(message),
          });
        break;
      }
      case "assistant":
        messages.push(assistantMessage(message));
        break;
      case "tool":
        for (const part of message.content) messages.push(toolMessage(part));
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  return { body: wireValue({ messages }) as unknown as OpenAIChatBody, warnings: [] };
}
