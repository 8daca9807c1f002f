import type { ModelMessage, ToolResultOutput } from "../../generated/schema-types.js";
import { LoweringError } from "../lowering-error.js";

/** Binary data after the AI SDK core: base64 text, or a URL it did not download. */
export type SdkData = string | { url: string };
export type SdkFilePart = { type: "file"; mediaType: string; filename?: string; data: SdkData; providerOptions?: Record<string, any> };
export type SdkTextPart = { type: "text"; text: string; providerOptions?: Record<string, any> };
export type SdkReasoningPart = { type: "reasoning"; text: string; providerOptions?: Record<string, any> };
export type SdkToolCallPart = { type: "tool-call"; toolCallId: string; toolName: string; input: unknown; providerExecuted?: boolean; providerOptions?: Record<string, any> };
export type SdkToolResultPart = { type: "tool-result"; toolCallId: string; toolName: string; output: SdkToolResultOutput; providerOptions?: Record<string, any> };
export type SdkContentItem = { type: string; text?: string; data?: string; mediaType?: string; filename?: string; url?: string; providerOptions?: Record<string, any> };
export type SdkToolResultOutput = Exclude<ToolResultOutput, { type: "content" }> | { type: "content"; value: SdkContentItem[]; providerOptions?: Record<string, any> };
/** The `LanguageModelV3Prompt` the provider packages convert. */
export type SdkMessage =
  | { role: "system"; content: string; providerOptions?: Record<string, any> }
  | { role: "user"; content: (SdkTextPart | SdkFilePart)[]; providerOptions?: Record<string, any> }
  | { role: "assistant"; content: (SdkTextPart | SdkFilePart | SdkReasoningPart | SdkToolCallPart)[]; providerOptions?: Record<string, any> }
  | { role: "tool"; content: SdkToolResultPart[]; providerOptions?: Record<string, any> };

const imageSignatures: { mediaType: string; prefix: (number | null)[] }[] = [
  { mediaType: "image/gif", prefix: [71, 73, 70] },
  { mediaType: "image/png", prefix: [137, 80, 78, 71] },
  { mediaType: "image/jpeg", prefix: [255, 216] },
  { mediaType: "image/webp", prefix: [82, 73, 70, 70, null, null, null, null, 87, 69, 66, 80] },
  { mediaType: "image/bmp", prefix: [66, 77] },
  { mediaType: "image/tiff", prefix: [73, 73, 42, 0] },
  { mediaType: "image/tiff", prefix: [77, 77, 0, 42] },
  { mediaType: "image/avif", prefix: [0, 0, 0, 32, 102, 116, 121, 112, 97, 118, 105, 102] },
  { mediaType: "image/heic", prefix: [0, 0, 0, 32, 102, 116, 121, 112, 104, 101, 105, 99] },
];

/** `convertBase64ToUint8Array` (atob after base64url → base64). */
export function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `detectMediaType` over the first 24 base64 characters, with image signatures. */
function detectImageType(base64: string): string | undefined {
  let bytes: Uint8Array;
  try {
    bytes = base64Bytes(base64.substring(0, Math.min(base64.length, 24)));
  } catch {
    throw new LoweringError(`Invalid base64 image data`);
  }
  return imageSignatures.find((signature) => bytes.length >= signature.prefix.length && signature.prefix.every((byte, index) => byte === null || bytes[index] === byte))?.mediaType;
}

/** `convertToLanguageModelV3DataContent`: a data URL splits into base64 and its media type; another URL stays a URL. */
function dataContent(value: string): { data: SdkData; mediaType: string | undefined } {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined) return { data: value, mediaType: undefined };
  if (url.protocol === "data:") {
    const [header, base64] = url.toString().split(",");
    const mediaType = header!.split(";")[0]!.split(":")[1];
    if (mediaType == null || base64 == null) throw new LoweringError(`Invalid data URL format in content ${url.toString()}`);
    return { data: base64, mediaType };
  }
  return { data: { url: url.toString() }, mediaType: undefined };
}

/** The ai core's user part conversion: image parts become files with a detected media type; empty text parts are dropped. */
function userPart(part: Extract<ModelMessage, { role: "user" }>["content"] extends string | (infer P)[] ? P : never): SdkTextPart | SdkFilePart {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text, providerOptions: part.providerOptions };
    case "image": {
      const converted = dataContent(part.image);
      let mediaType = converted.mediaType ?? part.mediaType;
      if (typeof converted.data === "string") mediaType = detectImageType(converted.data) ?? mediaType;
      return { type: "file", mediaType: mediaType ?? "image/*", filename: undefined, data: converted.data, providerOptions: part.providerOptions };
    }
    case "file": {
      const converted = dataContent(part.data);
      return { type: "file", mediaType: converted.mediaType ?? part.mediaType, filename: part.filename, data: converted.data, providerOptions: part.providerOptions };
    }
    default: {
      const _exhaustive: never = part;
      return _exhaustive;
    }
  }
}

/** `mapToolResultOutput`: AI SDK 5 `media` items become `image-data` or `file-data`. */
function mapOutput(output: ToolResultOutput): SdkToolResultOutput {
  if (output.type !== "content") return output;
  return {
    type: "content",
    value: output.value.map((item) => {
      if (item.type !== "media") return item;
      return { type: item.mediaType.startsWith("image/") ? "image-data" : "file-data", data: item.data, mediaType: item.mediaType };
    }),
  };
}

function convertMessage(message: ModelMessage): SdkMessage {
  switch (message.role) {
    case "system":
      return { role: "system", content: message.content, providerOptions: message.providerOptions };
    case "user":
      if (typeof message.content === "string") return { role: "user", content: [{ type: "text", text: message.content }], providerOptions: message.providerOptions };
      return { role: "user", content: message.content.map(userPart).filter((part) => part.type !== "text" || part.text !== ""), providerOptions: message.providerOptions };
    case "assistant": {
      if (typeof message.content === "string") return { role: "assistant", content: [{ type: "text", text: message.content }], providerOptions: message.providerOptions };
      const content = message.content
        .filter((part) => part.type !== "text" || part.text !== "" || part.providerOptions != null)
        .map((part): SdkTextPart | SdkFilePart | SdkReasoningPart | SdkToolCallPart => {
          switch (part.type) {
            case "text":
              return { type: "text", text: part.text, providerOptions: part.providerOptions };
            case "reasoning":
              return { type: "reasoning", text: part.text, providerOptions: part.providerOptions };
            case "file": {
              const converted = dataContent(part.data);
              return { type: "file", data: converted.data, filename: part.filename, mediaType: converted.mediaType ?? part.mediaType, providerOptions: part.providerOptions };
            }
            case "tool-call":
              return { type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, providerExecuted: part.providerExecuted, providerOptions: part.providerOptions };
            default: {
              const _exhaustive: never = part;
              return _exhaustive;
            }
          }
        });
      return { role: "assistant", content, providerOptions: message.providerOptions };
    }
    case "tool":
      return {
        role: "tool",
        content: message.content.map((part) => ({ type: "tool-result", toolCallId: part.toolCallId, toolName: part.toolName, output: mapOutput(part.output), providerOptions: part.providerOptions })),
        providerOptions: message.providerOptions,
      };
    default: {
      const _exhaustive: never = message;
      return _exhaustive;
    }
  }
}

/**
 * ai 6.0.168 `convertToLanguageModelPrompt`: converts each message, merges consecutive tool messages, and throws
 * `MissingToolResultsError` for a call without a result before the next user/system message or at the end.
 * @see spec §4.1 (AI SDK then), ai-sdk-and-provider-apis.md (behaviour of the core)
 */
export function toSdkPrompt(messages: ModelMessage[]): SdkMessage[] {
  const combined: SdkMessage[] = [];
  for (const message of messages.map(convertMessage)) {
    const last = combined.at(-1);
    if (message.role === "tool" && last?.role === "tool") last.content.push(...message.content);
    else combined.push(message.role === "tool" ? { ...message, content: [...message.content] } : message);
  }
  const pending = new Set<string>();
  const missing = () => {
    if (pending.size === 0) return;
    const ids = [...pending];
    throw new LoweringError(`Tool result${ids.length > 1 ? "s are" : " is"} missing for tool call${ids.length > 1 ? "s" : ""} ${ids.join(", ")}.`);
  };
  for (const message of combined) {
    if (message.role === "assistant") for (const part of message.content) if (part.type === "tool-call" && !part.providerExecuted) pending.add(part.toolCallId);
    if (message.role === "tool") for (const part of message.content) pending.delete(part.toolCallId);
    if (message.role === "user" || message.role === "system") missing();
  }
  missing();
  return combined.filter((message) => message.role !== "tool" || message.content.length > 0);
}

/** `'<functionality>' functionality not supported.` (UnsupportedFunctionalityError). */
export function unsupported(functionality: string): LoweringError {
  return new LoweringError(`'${functionality}' functionality not supported.`);
}
