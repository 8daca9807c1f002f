import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { AnthropicMessagesBody } from "../wire-bodies.js";
import { base64Bytes, type SdkContentItem, type SdkMessage, type SdkToolResultPart, unsupported } from "./sdk-prompt.js";

type Block = Record<string, unknown>;
const MAX_CACHE_BREAKPOINTS = 4;

/** `CacheControlValidator`: at most 4 breakpoints; later ones are ignored with a warning. */
class CacheControls {
  count = 0;
  constructor(private readonly warnings: string[]) {}
  get(options: Record<string, any> | undefined, canCache = true): unknown {
    const value = options?.anthropic?.cacheControl ?? options?.anthropic?.cache_control;
    if (!value) return undefined;
    if (!canCache) return undefined;
    this.count += 1;
    if (this.count > MAX_CACHE_BREAKPOINTS) {
      this.warnings.push(`Maximum ${MAX_CACHE_BREAKPOINTS} cache breakpoints exceeded (found ${this.count}). This breakpoint will be ignored.`);
      return undefined;
    }
    return value;
  }
}

const isUrl = (data: unknown): data is { url: string } => typeof data === "object" && data !== null;
const isHttpString = (data: unknown) => typeof data === "string" && /^https?:\/\//i.test(data);

/**
 * Tool-result content parts: text, image, PDF document (adds the PDF beta); other files dropped with a warning.
 * @see spec §4.2 (Anthropic content), ai-sdk-and-provider-apis.md §2
 */
function contentItem(item: SdkContentItem, betas: Set<string>, warnings: string[]): Block | undefined {
  switch (item.type) {
    case "text":
      return { type: "text", text: item.text };
    case "image-data":
      return { type: "image", source: { type: "base64", media_type: item.mediaType, data: item.data } };
    case "image-url":
      return { type: "image", source: { type: "url", url: item.url } };
    case "file-url":
      return { type: "document", source: { type: "url", url: item.url } };
    case "file-data":
      if (item.mediaType === "application/pdf") {
        betas.add("pdfs-2024-09-25");
        return { type: "document", source: { type: "base64", media_type: item.mediaType, data: item.data } };
      }
      warnings.push(`unsupported tool content part type: ${item.type} with media type: ${item.mediaType}`);
      return undefined;
    case "custom":
      if (item.providerOptions?.anthropic?.type === "tool-reference") return { type: "tool_reference", tool_name: item.providerOptions.anthropic.toolName };
      warnings.push("unsupported custom tool content part");
      return undefined;
    default:
      warnings.push(`unsupported tool content part type: ${item.type}`);
      return undefined;
  }
}

/**
 * A tool_result block; `is_error: true` only for error-text and error-json.
 * @see spec §4.2 (Anthropic column)
 */
function toolResult(part: SdkToolResultPart, cacheControl: unknown, betas: Set<string>, warnings: string[]): Block {
  const output = part.output;
  let content: unknown;
  switch (output.type) {
    case "content":
      content = output.value.map((item) => contentItem(item, betas, warnings)).filter((block) => block !== undefined);
      break;
    case "text":
    case "error-text":
      content = output.value;
      break;
    case "execution-denied":
      content = output.reason ?? "Tool call execution denied.";
      break;
    case "json":
    case "error-json":
      content = JSON.stringify(output.value);
      break;
    default: {
      const _exhaustive: never = output;
      return _exhaustive;
    }
  }
  return { type: "tool_result", tool_use_id: part.toolCallId, content, is_error: output.type === "error-text" || output.type === "error-json" ? true : undefined, cache_control: cacheControl };
}

type Group = { type: "system" | "user" | "assistant"; messages: SdkMessage[] };

/** `groupIntoBlocks`: consecutive user and tool messages form one user turn. @see spec §4.2 (Anthropic notes) */
function groupIntoBlocks(prompt: SdkMessage[]): Group[] {
  const groups: Group[] = [];
  for (const message of prompt) {
    const type = message.role === "tool" ? "user" : message.role;
    const last = groups.at(-1);
    if (last?.type === type) last.messages.push(message);
    else groups.push({ type, messages: [message] });
  }
  return groups;
}

function userFile(part: Extract<Extract<SdkMessage, { role: "user" }>["content"][number], { type: "file" }>, cacheControl: unknown, betas: Set<string>): Block {
  const url = isUrl(part.data) ? part.data.url : isHttpString(part.data) ? (part.data as string) : undefined;
  const title = part.providerOptions?.anthropic?.title ?? part.filename;
  const context = part.providerOptions?.anthropic?.context;
  const citations = part.providerOptions?.anthropic?.citations?.enabled === true;
  if (part.mediaType.startsWith("image/"))
    return {
      type: "image",
      source: url !== undefined ? { type: "url", url } : { type: "base64", media_type: part.mediaType === "image/*" ? "image/jpeg" : part.mediaType, data: part.data },
      cache_control: cacheControl,
    };
  if (part.mediaType === "application/pdf") {
    betas.add("pdfs-2024-09-25");
    return {
      type: "document",
      source: url !== undefined ? { type: "url", url } : { type: "base64", media_type: "application/pdf", data: part.data },
      title,
      ...(context && { context }),
      ...(citations && { citations: { enabled: true } }),
      cache_control: cacheControl,
    };
  }
  if (part.mediaType === "text/plain") {
    if (url !== undefined && !isUrl(part.data)) throw unsupported("URL-based text documents are not supported for citations");
    return {
      type: "document",
      source: url !== undefined ? { type: "url", url } : { type: "text", media_type: "text/plain", data: new TextDecoder().decode(base64Bytes(part.data as string)) },
      title,
      ...(context && { context }),
      ...(citations && { citations: { enabled: true } }),
      cache_control: cacheControl,
    };
  }
  throw unsupported(`media type: ${part.mediaType}`);
}

function userBlock(group: Group, cache: CacheControls, betas: Set<string>, warnings: string[]): Block[] {
  const content: Block[] = [];
  for (const message of group.messages) {
    if (message.role === "user") {
      message.content.forEach((part, index) => {
        const cacheControl = cache.get(part.providerOptions) ?? (index === message.content.length - 1 ? cache.get(message.providerOptions) : undefined);
        content.push(part.type === "text" ? { type: "text", text: part.text, cache_control: cacheControl } : userFile(part, cacheControl, betas));
      });
    } else if (message.role === "tool") {
      message.content.forEach((part, index) => {
        const output = part.output as { providerOptions?: Record<string, any>; type: string; value?: unknown };
        const outputOptions =
          "providerOptions" in output
            ? output.providerOptions
            : output.type === "content"
              ? (output.value as SdkContentItem[]).find((item) => item.providerOptions != null)?.providerOptions
              : undefined;
        const cacheControl = cache.get(part.providerOptions) ?? cache.get(outputOptions) ?? (index === message.content.length - 1 ? cache.get(message.providerOptions) : undefined);
        content.push(toolResult(part, cacheControl, betas, warnings));
      });
    }
  }
  return content;
}

/** Text before tool_use blocks within each segment between thinking blocks. */
function moveToolUseToEnd(content: Block[]): Block[] {
  const result: Block[] = [];
  let segment: Block[] = [];
  const flush = () => {
    result.push(...segment.filter((block) => block.type !== "tool_use"), ...segment.filter((block) => block.type === "tool_use"));
    segment = [];
  };
  for (const block of content) {
    if (block.type === "thinking" || block.type === "redacted_thinking") {
      flush();
      result.push(block);
    } else segment.push(block);
  }
  flush();
  return result;
}

function assistantBlock(group: Group, isLastGroup: boolean, cache: CacheControls, warnings: string[]): Block[] {
  const content: Block[] = [];
  group.messages.forEach((message, messageIndex) => {
    if (message.role !== "assistant") return;
    message.content.forEach((part, index) => {
      const isLastPart = index === message.content.length - 1;
      const cacheControl = cache.get(part.providerOptions) ?? (isLastPart ? cache.get(message.providerOptions) : undefined);
      switch (part.type) {
        case "text": {
          const metadata = part.providerOptions?.anthropic;
          if (metadata?.type === "compaction") content.push({ type: "compaction", content: part.text, cache_control: cacheControl });
          else
            content.push({
              type: "text",
              text: isLastGroup && messageIndex === group.messages.length - 1 && isLastPart ? part.text.trim() : part.text,
              ...(metadata?.citations != null && { citations: metadata.citations }),
              cache_control: cacheControl,
            });
          break;
        }
        case "reasoning": {
          const metadata = part.providerOptions?.anthropic;
          if (typeof metadata?.signature === "string") content.push({ type: "thinking", thinking: part.text, signature: metadata.signature });
          else if (typeof metadata?.redactedData === "string") content.push({ type: "redacted_thinking", data: metadata.redactedData });
          else warnings.push("unsupported reasoning metadata");
          break;
        }
        case "tool-call": {
          if (part.providerExecuted) {
            warnings.push(`provider executed tool call for tool ${part.toolName} is not supported`);
            break;
          }
          const caller = part.providerOptions?.anthropic?.caller;
          content.push({
            type: "tool_use",
            id: part.toolCallId,
            name: part.toolName,
            input: part.input,
            ...(caller?.type === "direct" && { caller: { type: "direct" } }),
            cache_control: cacheControl,
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
    });
  });
  return moveToolUseToEnd(content);
}

/**
 * @ai-sdk/anthropic 3.0.111 `convertToAnthropicMessagesPrompt`: `{system?, messages}`; the PDF beta header is reported as a warning.
 * @see spec §4.2 (Anthropic column and notes), ai-sdk-and-provider-apis.md §2
 */
export function sdkAnthropicMessages(prompt: SdkMessage[]): LoweringResult<AnthropicMessagesBody> {
  const warnings: string[] = [];
  const betas = new Set<string>();
  const cache = new CacheControls(warnings);
  let system: Block[] | undefined;
  const messages: Block[] = [];
  const groups = groupIntoBlocks(prompt);
  groups.forEach((group, index) => {
    switch (group.type) {
      case "system": {
        const content = group.messages.map((message) => ({ type: "text", text: message.content as string, cache_control: cache.get(message.providerOptions) }));
        if (index === 0 || system == null) system = content;
        else {
          messages.push({ role: "system", content });
          betas.add("mid-conversation-system-2026-04-07");
        }
        break;
      }
      case "user":
        messages.push({ role: "user", content: userBlock(group, cache, betas, warnings) });
        break;
      case "assistant":
        messages.push({ role: "assistant", content: assistantBlock(group, index === groups.length - 1, cache, warnings) });
        break;
      default: {
        const _exhaustive: never = group.type;
        return _exhaustive;
      }
    }
  });
  if (betas.size > 0) warnings.push(`anthropic-beta: ${[...betas].join(",")}`);
  return { body: wireValue({ system, messages }) as unknown as AnthropicMessagesBody, warnings };
}
