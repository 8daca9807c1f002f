/**
 * Companion of the SDK type test (issue 5, Done-when 3): deliberately wrong bodies that the official
 * SDK types must refuse. Each `@ts-expect-error` fails `npm run typecheck` if its line compiles, so
 * this also proves the SDK types resolved (an unresolved import would be `any` and accept anything).
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Content, FunctionResponse, Part } from "@google/genai";
import type { ChatCompletionMessageParam, ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { AnthropicRequest, GeminiRequest, OpenAIChatRequest, ResponsesRequest } from "./sdk-lowered-bodies.js";

// ---------------------------------------------------------------- OpenAI Chat Completions

// @ts-expect-error a tool message needs tool_call_id
export const chatWithoutCallId: ChatCompletionToolMessageParam = { role: "tool", content: "hello" };
// @ts-expect-error tool content parts are text only: no image_url inside a tool message
export const chatToolImage: ChatCompletionToolMessageParam = { role: "tool", tool_call_id: "call_1", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }] };
// @ts-expect-error the Anthropic field name is not a Chat field
export const chatIsError: ChatCompletionMessageParam = { role: "tool", tool_call_id: "call_1", content: "boom", is_error: true };
export const chatBody: OpenAIChatRequest = {
  messages: [
    { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: "{}" } }] },
    // @ts-expect-error content must be a string or text parts, not the raw JSON value
    { role: "tool", tool_call_id: "call_1", content: { exitCode: 0 } },
  ],
};

// ---------------------------------------------------------------- OpenAI Responses

// @ts-expect-error output is a string or input_* items, not a JSON value
export const responsesJsonOutput: ResponseInputItem.FunctionCallOutput = { type: "function_call_output", call_id: "call_1", output: { exitCode: 0 } };
export const responsesBody: ResponsesRequest = {
  // @ts-expect-error function_call_output has no tool_call_id (that is Chat's name): call_id is required
  input: [{ type: "function_call_output", tool_call_id: "call_1", output: "hello" }],
};

// ---------------------------------------------------------------- Anthropic Messages

// @ts-expect-error is_error is a boolean, not the string "true"
export const anthropicStringFlag: ToolResultBlockParam = { type: "tool_result", tool_use_id: "call_1", content: "boom", is_error: "true" };
// @ts-expect-error an image block needs a source, not OpenAI's image_url
export const anthropicImageUrl: ToolResultBlockParam = { type: "tool_result", tool_use_id: "call_1", content: [{ type: "image", image_url: { url: "x" } }] };
export const anthropicBody: AnthropicRequest = {
  messages: [
    {
      // @ts-expect-error tool results go in a user turn: there is no "tool" role
      role: "tool",
      content: [{ type: "tool_result", tool_use_id: "call_1", content: "hello" }],
    },
  ],
};

// ---------------------------------------------------------------- Gemini

// @ts-expect-error response is a JSON object (a Struct), not a string
export const geminiStringResponse: FunctionResponse = { name: "bash", response: "hello" };
// @ts-expect-error a Part holds functionResponse, not OpenAI's tool message shape
export const geminiToolPart: Part = { role: "tool", content: "hello" };
export const geminiBody: GeminiRequest = {
  contents: [
    {
      role: "user",
      // @ts-expect-error parts is an array of Part, not one Part
      parts: { functionResponse: { name: "bash", response: { name: "bash", content: "hello" } } },
    },
  ],
};
// Control: the right shapes compile (the errors above are about the wrong values, not the setup).
export const geminiRight: Content = { role: "user", parts: [{ functionResponse: { name: "bash", response: { name: "bash", content: "hello" } } }] };
export const chatRight: ChatCompletionToolMessageParam = { role: "tool", tool_call_id: "call_1", content: "hello" };
export const anthropicRight: ToolResultBlockParam = { type: "tool_result", tool_use_id: "call_1", content: "boom", is_error: true };
export const responsesRight: ResponseInputItem.FunctionCallOutput = { type: "function_call_output", call_id: "call_1", output: "hello" };
