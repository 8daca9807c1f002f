/**
 * SDK type test (issue 5, Done-when 3): correx's generated wire types (src/generated/schema-types.ts,
 * from schemas/wire/) assign to the official SDKs' request types. Checked by `npm run typecheck`
 * (tsc over test/**); nothing here runs. Versions: openai 7.59.0, @anthropic-ai/sdk 1.14.0,
 * @google/genai 3.3.0 (shared/provider-specs/README.md). The real lowered bodies are checked in
 * sdk-lowered-bodies.ts; deliberately wrong bodies in sdk-wire-types-wrong.test-d.ts.
 */
import type { MessageCreateParamsNonStreaming, MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Content, FunctionResponse, FunctionResponseBlob, FunctionResponsePart, Part } from "@google/genai";
import type { ChatCompletionMessageParam, ChatCompletionToolMessageParam, ChatCompletionUserMessageParam } from "openai/resources/chat/completions";
import type { EasyInputMessage, ResponseInputContent, ResponseInputFile, ResponseInputImage, ResponseInputItem } from "openai/resources/responses/responses";
import type * as Wire from "../../src/generated/schema-types.js";
import type { ReplayedAssistantText } from "./sdk-lowered-bodies.js";

/** Compiles only when `From` is assignable to `To`. */
type Assignable<From extends To, To> = From;

/**
 * An SDK type as it is on the wire: @google/genai types enum-valued fields with TypeScript string
 * enums (`FunctionResponseScheduling`, `Outcome`…), which are nominal, so a plain string literal is
 * never assignable to one even when the JSON is identical. This maps each enum to the union of its
 * string values and leaves everything else as it is.
 */
type OnTheWire<T> = T extends string ? `${T}` : T extends readonly (infer Item)[] ? OnTheWire<Item>[] : T extends object ? { [K in keyof T]: OnTheWire<T[K]> } : T;

/** T without the keys K (keeps an index signature, unlike Omit). */
type Without<T, K extends PropertyKey> = T extends unknown ? { [P in keyof T as P extends K ? never : P]: T[P] } : never;

/** Compiles only when A and B are the same type (used to pin known disagreements). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type True<T extends true> = T;

// ---------------------------------------------------------------- OpenAI Chat Completions

export type ChatToolMessage = Assignable<Wire.OpenAIChatToolMessage, ChatCompletionToolMessageParam>;
export type ChatUserMessage = Assignable<Wire.OpenAIChatUserMessage, ChatCompletionUserMessageParam>;
export type ChatMessage = Assignable<Wire.OpenAIChatMessage, ChatCompletionMessageParam>;
export type ChatMessages = Assignable<Wire.OpenAIChatBody["messages"], ChatCompletionMessageParam[]>;

// ---------------------------------------------------------------- OpenAI Responses

export type ResponsesFunctionCallOutput = Assignable<Wire.OpenAIResponsesFunctionCallOutput, ResponseInputItem.FunctionCallOutput>;
export type ResponsesFunctionCall = Assignable<Wire.OpenAIResponsesFunctionCall, ResponseInputItem>;
export type ResponsesTypedItem = Assignable<Wire.OpenAIResponsesTypedItem, ResponseInputItem>;

/**
 * Looser than openai (schema note for schemas/wire/openai-responses.json): correx's input content
 * parts allow `null` for optional fields (filename, file_data, file_url, image_url,
 * prompt_cache_breakpoint…) that openai's types, and for most of them the official spec
 * (InputFileContent, InputTextContent), type without null. The lowerers never send null, so
 * the parts are compared as sent: `NullFree<T>`.
 */
// @ts-expect-error null filename/file_data/file_url: see above; if this starts to compile, drop the note
export type ResponsesInputFileNullable = Assignable<Wire.OpenAIResponsesInputFile, ResponseInputFile>;
type NullFree<T> = T extends unknown ? { [K in keyof T]: Exclude<T[K], null> } : never;

/**
 * Known disagreement (what the real client sends): the official spec (InputImageContent) and
 * openai's ResponseInputImage require `detail`, but @ai-sdk/openai 3.0.88 sends a user image as
 * `{type: "input_image", image_url}` with `detail` only when providerOptions.openai.imageDetail is
 * set (opencode never sets it). Inside function_call_output (ResponseInputImageContent) detail is optional.
 */
// @ts-expect-error detail is optional in correx's schema and on the wire; if this starts to compile, drop the exception
export type ResponsesInputImageStrict = Assignable<NullFree<Wire.OpenAIResponsesInputImage>, ResponseInputImage>;
type InputContentAsSent = NullFree<Wire.OpenAIResponsesInputContent>;
type InputContentWithOptionalDetail = Exclude<ResponseInputContent, ResponseInputImage> | (Omit<ResponseInputImage, "detail"> & { detail?: ResponseInputImage["detail"] });
export type ResponsesInputContent = Assignable<InputContentAsSent, InputContentWithOptionalDetail>;
export type ResponsesInputContentWithDetail = Assignable<Exclude<InputContentAsSent, { type: "input_image" }> | (InputContentAsSent & { type: "input_image"; detail: "auto" }), ResponseInputContent>;

/**
 * correx's message schemas merge openai's EasyInputMessage (string or list content, no status) and
 * InputMessage (list content, status): the lowerers never send status, and without it a message
 * is an EasyInputMessage; with list content and a status it is an InputMessage.
 */
type MessageAsSent = Without<Wire.OpenAIResponsesSystemMessage | Wire.OpenAIResponsesDeveloperMessage | Wire.OpenAIResponsesUserMessage, "content">;
type WithOptionalDetail<T extends { content: unknown }> = Omit<T, "content"> & {
  content: T["content"] extends infer C ? (C extends readonly unknown[] ? InputContentWithOptionalDetail[] : C) : never;
};
export type ResponsesEasyMessage = Assignable<Without<MessageAsSent, "status"> & { content: string | InputContentAsSent[] }, WithOptionalDetail<EasyInputMessage>>;
export type ResponsesListMessage = Assignable<MessageAsSent & { content: InputContentAsSent[] }, WithOptionalDetail<ResponseInputItem.Message>>;

/** Known disagreement (see ReplayedAssistantText): the assistant message the AI SDK replays has no id, status or annotations. */
type OutputTextAsSent = Pick<Wire.OpenAIResponsesOutputText, "type" | "text">;
export type ResponsesAssistantMessage = Assignable<Without<Wire.OpenAIResponsesAssistantMessage, "content"> & { content: string | OutputTextAsSent[] }, ReplayedAssistantText>;
// @ts-expect-error the plain openai type requires id and status on an assistant output message; if this starts to compile, drop the exception
export type ResponsesAssistantMessageStrict = Assignable<{ role: "assistant"; content: OutputTextAsSent[] }, ResponseInputItem>;

// ---------------------------------------------------------------- Anthropic Messages

export type AnthropicToolResult = Assignable<Wire.AnthropicToolResultBlock, ToolResultBlockParam>;
/** Known disagreement: a turn's output_config is a beta the SDK lacks (Claude Code's; the fake accepts it only with per-turn-control-2026-07-01, src/fake/anthropic-betas.ts). */
type AnthropicGaMessage = Omit<Wire.AnthropicMessage, "output_config" | "role"> & { role: "user" | "assistant" };
/** A system turn (the wire schema does not tie role to content, so it is checked on its own): text blocks, as SystemMessageParam. */
export type AnthropicSystemMessage = Assignable<{ role: "system"; content: string | Wire.AnthropicTextBlock[] }, MessageParam>;
export type AnthropicMessage = Assignable<AnthropicGaMessage, MessageParam>;
export type AnthropicBody = Assignable<Pick<Wire.AnthropicMessagesBody, "system"> & { messages: AnthropicGaMessage[] }, Pick<MessageCreateParamsNonStreaming, "messages" | "system">>;
// @ts-expect-error a turn's output_config is no MessageParam field; if this starts to compile, drop the exception above
export type AnthropicTurnOutputConfig = Assignable<Wire.AnthropicMessage, MessageParam>;

// ---------------------------------------------------------------- Gemini

export type GeminiFunctionResponse = Assignable<Wire.GeminiFunctionResponse, OnTheWire<FunctionResponse>>;
export type GeminiFunctionResponsePart = Assignable<Wire.GeminiFunctionResponsePart, FunctionResponsePart>;
export type GeminiFunctionResponseBlob = Assignable<Wire.GeminiFunctionResponseBlob, FunctionResponseBlob>;
export type GeminiPart = Assignable<Wire.GeminiPart, OnTheWire<Part>>;
export type GeminiContent = Assignable<Wire.GeminiContent, OnTheWire<Content>>;
export type GeminiContents = Assignable<Wire.GeminiBody["contents"], OnTheWire<Content>[]>;
/** The function-response part opencode sends uses no enum field, so it assigns to the SDK's Part as it is. */
export type GeminiFunctionResponsePartPlain = Assignable<{ functionResponse: Omit<Wire.GeminiFunctionResponse, "scheduling"> }, Part>;
/** The enum values correx's schema allows are exactly the SDK's. */
export type GeminiSchedulingValues = True<Same<NonNullable<Wire.GeminiFunctionResponse["scheduling"]>, `${NonNullable<FunctionResponse["scheduling"]>}`>>;
