import type { HistoryAssistantMessage, HistoryFilePart, HistoryMessage, HistoryToolPart, HistoryUserMessage, ModelMessage, ToolResultOutput } from "../../generated/schema-types.js";
import type { CliTargetModel } from "./cli-target-model.js";

/** Options of step 1 beyond the model. */
export interface HistoryOptions {
  /** `toolOutputMaxChars` of the compaction char-truncation (§3.1 note); off when absent. */
  toolOutputMaxChars?: number;
  /** Drop media attachments of tool results (§4.1 stripMedia). */
  stripMedia?: boolean;
}

type Attachment = HistoryFilePart;
type ToolOutput = string | { text: string; attachments: Attachment[] };
type UiPart =
  | { type: "text"; text: string; providerMetadata?: Record<string, unknown> }
  | { type: "reasoning"; text: string; providerMetadata?: Record<string, unknown> }
  | { type: "step-start" }
  | { type: "file"; url: string; mediaType: string; filename?: string }
  | { type: "tool"; toolName: string; toolCallId: string; input: unknown; state: "output-available"; output: ToolOutput; callProviderMetadata?: Record<string, unknown> }
  | { type: "tool"; toolName: string; toolCallId: string; input: unknown; state: "output-error"; errorText: string; callProviderMetadata?: Record<string, unknown> };
type UiMessage = { role: "user" | "assistant"; parts: UiPart[] };

const isMedia = (mime: string) => mime.startsWith("image/") || mime === "application/pdf";

/**
 * `supportsMediaInToolResults`, keyed by the model's AI SDK package and api id.
 * @see spec §4.1 (supportsMediaInToolResults)
 */
export function supportsMediaInToolResults(npm: string, apiID: string, mime: string): boolean {
  switch (npm) {
    case "@ai-sdk/anthropic":
    case "@ai-sdk/openai":
    case "@ai-sdk/amazon-bedrock/mantle":
    case "@ai-sdk/google-vertex/anthropic":
      return true;
    case "@ai-sdk/amazon-bedrock":
      return mime.startsWith("image/") && ["anthropic.", "nova", "llama4", "llama-4"].some((token) => apiID.includes(token));
    case "@ai-sdk/xai":
      return mime.startsWith("image/");
    case "@ai-sdk/google":
      return apiID.includes("gemini-3") && !apiID.includes("gemini-2");
    default:
      return false;
  }
}

/**
 * The compaction helper `truncateToolOutput`.
 * @see spec §3.1 (compaction helper), §4.1 (completed: optional compaction char-truncation)
 */
export function truncateToolOutput(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  return `${text.slice(0, max)}\n[Tool output truncated for compaction: omitted ${text.length - max} chars]`;
}

/**
 * The UI part of a completed tool part: the cleared placeholder when compacted, media moved out when the provider cannot take it.
 * @see spec §4.1 (completed)
 */
function completedToolPart(part: HistoryToolPart, target: CliTargetModel, options: HistoryOptions, media: Attachment[], metadata: Record<string, unknown> | undefined): UiPart {
  const state = part.state as Extract<HistoryToolPart["state"], { status: "completed" }>;
  const compacted = state.time.compacted !== undefined;
  const text = compacted ? "[Old tool result content cleared]" : truncateToolOutput(state.output, options.toolOutputMaxChars);
  const attachments = compacted || options.stripMedia ? [] : (state.attachments ?? []);
  const kept: Attachment[] = [];
  for (const attachment of attachments) {
    if (isMedia(attachment.mime) && !supportsMediaInToolResults(target.npm, target.modelID, attachment.mime)) media.push(attachment);
    else kept.push(attachment);
  }
  const output: ToolOutput = kept.length > 0 ? { text, attachments: kept } : text;
  return { type: "tool", toolName: part.tool, toolCallId: part.callID, input: state.input, state: "output-available", output, callProviderMetadata: metadata };
}

/**
 * A tool part of any status as its UI part.
 * @see spec §4.1 (completed / error / pending / running)
 */
function toolPart(part: HistoryToolPart, target: CliTargetModel, options: HistoryOptions, media: Attachment[], differentModel: boolean): UiPart {
  const metadata = differentModel ? undefined : part.metadata;
  const base = { type: "tool" as const, toolName: part.tool, toolCallId: part.callID, input: part.state.input };
  const state = part.state;
  switch (state.status) {
    case "completed":
      return completedToolPart(part, target, options, media, metadata);
    case "error": {
      const interrupted = state.metadata?.interrupted === true && typeof state.metadata.output === "string";
      if (interrupted) return { ...base, state: "output-available", output: state.metadata!.output as string, callProviderMetadata: metadata };
      return { ...base, state: "output-error", errorText: state.error, callProviderMetadata: metadata };
    }
    case "pending":
    case "running":
      return { ...base, state: "output-error", errorText: "[Tool execution was interrupted]", callProviderMetadata: metadata };
    default: {
      const _exhaustive: never = state;
      return _exhaustive;
    }
  }
}

/** A user message's UI parts: ignored text and inlined text/plain or directory files are left out. @see spec §4.1 */
function userMessage(message: HistoryUserMessage): UiMessage {
  const parts: UiPart[] = [];
  for (const part of message.parts) {
    switch (part.type) {
      case "text":
        if (!part.ignored) parts.push({ type: "text", text: part.text });
        break;
      case "file":
        if (part.mime !== "text/plain" && part.mime !== "application/x-directory") parts.push({ type: "file", url: part.url, mediaType: part.mime, filename: part.filename });
        break;
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  }
  return { role: "user", parts };
}

/**
 * An assistant message's UI parts, plus the synthetic `Attached media from tool result:` user message when media was moved out.
 * @see spec §4.1
 */
function assistantMessages(message: HistoryAssistantMessage, target: CliTargetModel, options: HistoryOptions): UiMessage[] {
  if (message.error && !(message.error.name === "MessageAbortedError" && message.parts.some((part) => part.type !== "step-start" && part.type !== "reasoning"))) return [];
  const differentModel = `${target.providerID}/${target.modelID}` !== `${message.providerID}/${message.modelID}`;
  const media: Attachment[] = [];
  const parts: UiPart[] = [];
  for (const part of message.parts) {
    switch (part.type) {
      case "text":
        parts.push({ type: "text", text: part.text, providerMetadata: differentModel ? undefined : part.metadata });
        break;
      case "reasoning":
        parts.push({ type: "reasoning", text: part.text, providerMetadata: differentModel ? undefined : part.metadata });
        break;
      case "step-start":
        parts.push({ type: "step-start" });
        break;
      case "tool":
        parts.push(toolPart(part, target, options, media, differentModel));
        break;
      default: {
        const _exhaustive: never = part;
        return _exhaustive;
      }
    }
  }
  if (parts.length === 0) return [];
  const result: UiMessage[] = [{ role: "assistant", parts }];
  if (media.length > 0)
    result.push({
      role: "user",
      parts: [{ type: "text", text: "Attached media from tool result:" }, ...media.map((file): UiPart => ({ type: "file", url: file.url, mediaType: file.mime, filename: file.filename }))],
    });
  return result;
}

/**
 * opencode's per-tool `toModelOutput`: string → text, `{text, attachments}` → content (data: URL attachments as media), else json.
 * @see spec §4.1 (Per-tool toModelOutput)
 */
export function toModelOutput(output: unknown): ToolResultOutput {
  if (typeof output === "string") return { type: "text", value: output };
  if (typeof output === "object" && output !== null && "attachments" in output) {
    const { text, attachments } = output as { text: string; attachments: Attachment[] };
    const media = attachments
      .filter((attachment) => attachment.url.startsWith("data:") && attachment.url.includes(","))
      .map((attachment) => ({ type: "media" as const, mediaType: attachment.mime, data: attachment.url.slice(attachment.url.indexOf(",") + 1) }));
    return { type: "content", value: [...(text !== "" ? [{ type: "text" as const, text }] : []), ...media] };
  }
  return { type: "json", value: output };
}

const withOptions = <T extends object>(value: T, providerOptions: Record<string, unknown> | undefined) => (providerOptions != null ? { ...value, providerOptions } : value);

/**
 * AI SDK `convertToModelMessages` for opencode's UI messages: assistant parts split into steps at `step-start`, each step's
 * results one tool message after it; errors become `error-text`.
 * @see spec §4.1 (AI SDK then)
 */
function convertToModelMessages(messages: UiMessage[]): ModelMessage[] {
  const result: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const content: unknown[] = [];
      for (const part of message.parts) {
        if (part.type === "text") content.push({ type: "text", text: part.text });
        if (part.type === "file") content.push({ type: "file", mediaType: part.mediaType, filename: part.filename, data: part.url });
      }
      result.push({ role: "user", content } as ModelMessage);
      continue;
    }
    let block: UiPart[] = [];
    const flush = () => {
      if (block.length === 0) return;
      const content: Extract<ModelMessage, { role: "assistant" }>["content"] & unknown[] = [];
      const tools: Extract<ModelMessage, { role: "tool" }>["content"] = [];
      for (const part of block) {
        if (part.type === "text") content.push(withOptions({ type: "text" as const, text: part.text }, part.providerMetadata) as never);
        else if (part.type === "reasoning") content.push({ type: "reasoning", text: part.text, providerOptions: part.providerMetadata } as never);
        else if (part.type === "file") content.push({ type: "file", mediaType: part.mediaType, filename: part.filename, data: part.url });
        else if (part.type === "tool") {
          content.push(
            withOptions({ type: "tool-call" as const, toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, providerExecuted: undefined }, part.callProviderMetadata) as never,
          );
          const output: ToolResultOutput = part.state === "output-error" ? { type: "error-text", value: part.errorText } : toModelOutput(part.output);
          tools.push(withOptions({ type: "tool-result" as const, toolCallId: part.toolCallId, toolName: part.toolName, output }, part.callProviderMetadata) as never);
        }
      }
      result.push({ role: "assistant", content });
      if (tools.length > 0) result.push({ role: "tool", content: tools });
      block = [];
    };
    for (const part of message.parts) {
      if (part.type === "step-start") flush();
      else block.push(part);
    }
    flush();
  }
  return result;
}

/**
 * Step 1: v1 history → AI SDK model messages (`MessageV2.toModelMessages` then `convertToModelMessages`).
 * @see spec §4.1
 */
export function historyToModelMessages(history: HistoryMessage[], target: CliTargetModel, options: HistoryOptions = {}): ModelMessage[] {
  const ui: UiMessage[] = [];
  for (const message of history) {
    switch (message.role) {
      case "user":
        ui.push(userMessage(message));
        break;
      case "assistant":
        ui.push(...assistantMessages(message, target, options));
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  return convertToModelMessages(ui.filter((message) => message.parts.some((part) => part.type !== "step-start")));
}
