import type { ModelMessage, ToolResultOutput } from "../../generated/schema-types.js";
import type { CliTargetModel } from "./cli-target-model.js";

type Part = Record<string, unknown> & { type: string };
type Message = { role: string; content: string | Part[]; providerOptions?: Record<string, unknown> };

/** The modality a media type needs, if any. */
function modalityOf(mime: string): string | undefined {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  if (mime === "application/pdf") return "pdf";
  return undefined;
}

/**
 * User-message files the model cannot read become an `ERROR: Cannot read …` text part; an empty base64 image becomes the
 * corrupted-image text.
 * @see spec §4.1 (ProviderTransform.message step 1)
 */
function unsupportedParts(messages: Message[], target: CliTargetModel): Message[] {
  return messages.map((message) => {
    if (message.role !== "user" || !Array.isArray(message.content)) return message;
    const content = message.content.map((part): Part => {
      if (part.type !== "file" && part.type !== "image") return part;
      if (part.type === "image") {
        const match = /^data:([^;]+);base64,(.*)$/.exec(String(part.image));
        if (String(part.image).startsWith("data:") && match && !match[2]) return { type: "text", text: "ERROR: Image file is empty or corrupted. Please provide a valid image." };
      }
      const mime = part.type === "image" ? String(part.image).split(";")[0]!.replace("data:", "") : String(part.mediaType);
      const modality = modalityOf(mime);
      if (!modality || target.modalities.includes(modality)) return part;
      const name = part.type === "file" && typeof part.filename === "string" && part.filename ? `"${part.filename}"` : modality;
      return { type: "text", text: `ERROR: Cannot read ${name} (this model does not support ${modality} input). Inform the user.` };
    });
    return { ...message, content };
  });
}

const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(loneSurrogates, "\uFFFD");

function sanitizeOutput(output: ToolResultOutput): ToolResultOutput {
  switch (output.type) {
    case "text":
    case "error-text":
      return { ...output, value: wellFormed(output.value) };
    case "content":
      return { ...output, value: output.value.map((item) => (item.type === "text" ? { ...item, text: wellFormed(item.text) } : item)) };
    case "json":
    case "error-json":
    case "execution-denied":
      return output;
    default: {
      const _exhaustive: never = output;
      return _exhaustive;
    }
  }
}

/**
 * Lone surrogates → U+FFFD in text, error-text and content text parts; json values untouched.
 * @see spec §4.1 (ProviderTransform.message step 2)
 */
function sanitizeSurrogates(messages: Message[]): Message[] {
  return messages.map((message) => {
    if (typeof message.content === "string") return { ...message, content: wellFormed(message.content) };
    const content = message.content.map((part): Part => {
      if (part.type === "text") return { ...part, text: wellFormed(String(part.text)) };
      if (part.type === "tool-result") return { ...part, output: sanitizeOutput(part.output as ToolResultOutput) };
      return part;
    });
    return { ...message, content };
  });
}

/**
 * Anthropic and Bedrock reject empty content: empty text/reasoning parts and messages left empty are dropped.
 * @see spec §4.1 (ProviderTransform.message step 3)
 */
function dropEmptyForAnthropic(messages: Message[]): Message[] {
  const result: Message[] = [];
  for (const message of messages) {
    if (typeof message.content === "string") {
      if (message.content !== "") result.push(message);
      continue;
    }
    const content = message.content.filter((part) => !((part.type === "text" || part.type === "reasoning") && part.text === ""));
    if (content.length > 0) result.push({ ...message, content });
  }
  return result;
}

function mapToolCallIds(message: Message, map: (id: string) => string): Message {
  if ((message.role !== "assistant" && message.role !== "tool") || !Array.isArray(message.content)) return message;
  return {
    ...message,
    content: message.content.map((part) => ((part.type === "tool-call" || part.type === "tool-result") && typeof part.toolCallId === "string" ? { ...part, toolCallId: map(part.toolCallId) } : part)),
  };
}

/**
 * Claude: tool call ids get `[^a-zA-Z0-9_-]` replaced by `_`.
 * @see spec §4.1 (ProviderTransform.message step 4)
 */
function claudeToolCallIds(messages: Message[]): Message[] {
  return messages.map((message) => mapToolCallIds(message, (id) => id.replace(/[^a-zA-Z0-9_-]/g, "_")));
}

/**
 * Mistral: ids reduced to 9 alphanumerics (zero-padded); an assistant `Done.` between a tool message and a following user message.
 * @see spec §4.1 (ProviderTransform.message step 5)
 */
function mistralToolCallIds(messages: Message[]): Message[] {
  const result: Message[] = [];
  messages.forEach((message, index) => {
    result.push(
      mapToolCallIds(message, (id) =>
        id
          .replace(/[^a-zA-Z0-9]/g, "")
          .substring(0, 9)
          .padEnd(9, "0"),
      ),
    );
    if (message.role === "tool" && messages[index + 1]?.role === "user") result.push({ role: "assistant", content: [{ type: "text", text: "Done." }] });
  });
  return result;
}

const cacheOptions = () => ({
  anthropic: { cacheControl: { type: "ephemeral" } },
  openrouter: { cacheControl: { type: "ephemeral" } },
  bedrock: { cachePoint: { type: "default" } },
  openaiCompatible: { cache_control: { type: "ephemeral" } },
  copilot: { copilot_cache_control: { type: "ephemeral" } },
});

function mergeDeep(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = result[key];
    result[key] =
      typeof existing === "object" && existing !== null && !Array.isArray(existing) && typeof value === "object" && value !== null && !Array.isArray(value)
        ? mergeDeep(existing as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return result;
}

/**
 * Cache markers on the first 2 system and the last 2 non-system messages: on the message for the anthropic provider,
 * else on its last content part.
 * @see spec §4.1 (ProviderTransform.message step 6)
 */
function applyCaching(messages: Message[], target: CliTargetModel): Message[] {
  const chosen = new Set<number>();
  messages
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => message.role === "system")
    .slice(0, 2)
    .forEach(({ index }) => chosen.add(index));
  messages
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => message.role !== "system")
    .slice(-2)
    .forEach(({ index }) => chosen.add(index));
  const messageLevel = target.providerID === "anthropic" || target.providerID.includes("bedrock");
  return messages.map((message, index) => {
    if (!chosen.has(index)) return message;
    if (!messageLevel && Array.isArray(message.content) && message.content.length > 0) {
      const content = [...message.content];
      const last = content[content.length - 1]!;
      content[content.length - 1] = { ...last, providerOptions: mergeDeep((last.providerOptions as Record<string, unknown>) ?? {}, cacheOptions()) };
      return { ...message, content };
    }
    return { ...message, providerOptions: mergeDeep(message.providerOptions ?? {}, cacheOptions()) };
  });
}

const isAnthropicIsh = (target: CliTargetModel) => target.providerID === "anthropic" || target.modelID.includes("anthropic") || target.modelID.includes("claude") || target.npm === "@ai-sdk/anthropic";

/**
 * Step 2: `ProviderTransform.message`, the AI SDK middleware opencode applies to every request.
 * @see spec §4.1 (ProviderTransform.message)
 */
export function providerTransformMessage(messages: ModelMessage[], target: CliTargetModel): ModelMessage[] {
  let result = unsupportedParts(messages as unknown as Message[], target);
  result = sanitizeSurrogates(result);
  if (target.npm === "@ai-sdk/anthropic" || target.npm === "@ai-sdk/amazon-bedrock") result = dropEmptyForAnthropic(result);
  const id = target.modelID.toLowerCase();
  if (target.modelID.includes("claude")) result = claudeToolCallIds(result);
  else if (target.providerID === "mistral" || id.includes("mistral") || id.includes("devstral")) result = mistralToolCallIds(result);
  if (isAnthropicIsh(target)) result = applyCaching(result, target);
  return result as unknown as ModelMessage[];
}
