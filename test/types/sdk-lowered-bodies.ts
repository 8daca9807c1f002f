/**
 * Real lowered bodies (issue 5, Done-when 3), each checked by `tsc` against the official SDKs'
 * request types with `satisfies`. They are the `expected` bodies of the named lowering goldens,
 * copied verbatim; sdk-lowered-bodies.test.ts fails when one no longer equals its golden, so
 * these stay the bytes correx actually produces.
 */
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { Content } from "@google/genai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem, ResponseOutputMessage, ResponseOutputRefusal, ResponseOutputText } from "openai/resources/responses/responses";

/** The lowered fragment of a Chat Completions request. */
export type OpenAIChatRequest = { messages: ChatCompletionMessageParam[] };
/** The lowered fragment of a Messages request. */
export type AnthropicRequest = Pick<MessageCreateParamsNonStreaming, "messages" | "system">;
/** The lowered fragment of a generateContent request (REST: `systemInstruction` at the top level). */
export type GeminiRequest = { contents: Content[]; systemInstruction?: Content };
/** The lowered fragment of a Responses request. */
export type ResponsesRequest = { input: ResponseInputItem[] };
/**
 * Known disagreement (what the real client sends): @ai-sdk/openai 3.0.88 with `store: false` replays
 * assistant text as `{role: "assistant", content: [{type: "output_text", text}]}`, without the `id`,
 * `status` and `annotations` (typed here as optional) that openai's `ResponseOutputMessage` / `ResponseOutputText` require
 * (and `EasyInputMessage` content takes only input_* parts); the official spec agrees with the SDK
 * type. sdk-wire-types.test-d.ts pins that the plain type still refuses it.
 */
export type ReplayedAssistantText = Omit<ResponseOutputMessage, "id" | "status" | "content" | "type"> & {
  type?: ResponseOutputMessage["type"];
  id?: string;
  status?: ResponseOutputMessage["status"];
  content: string | ((Pick<ResponseOutputText, "type" | "text"> & Partial<ResponseOutputText>) | ResponseOutputRefusal)[];
};
export type ResponsesRequestReplayingText = { input: (ResponseInputItem | ReplayedAssistantText)[] };

export type LoweredBody =
  | { golden: string; protocol: "openai-chat"; body: OpenAIChatRequest }
  | { golden: string; protocol: "anthropic-messages"; body: AnthropicRequest }
  | { golden: string; protocol: "google-gemini"; body: GeminiRequest }
  | { golden: string; protocol: "openai-responses"; body: ResponsesRequest | ResponsesRequestReplayingText };

export const loweredBodies: LoweredBody[] = [
  { golden: "opencode-core/lower/text-plain", protocol: "openai-chat", body: { messages: [{ role: "tool", tool_call_id: "call_1", content: "hello\n" }] } satisfies OpenAIChatRequest },
  {
    golden: "opencode-core/lower/text-plain",
    protocol: "anthropic-messages",
    body: { messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "hello\n" }] }] } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/text-plain",
    protocol: "google-gemini",
    body: { contents: [{ role: "user", parts: [{ functionResponse: { name: "bash", response: { name: "bash", content: "hello\n" } } }] }] } satisfies GeminiRequest,
  },
  { golden: "opencode-core/lower/text-plain", protocol: "openai-responses", body: { input: [{ type: "function_call_output", call_id: "call_1", output: "hello\n" }] } satisfies ResponsesRequest },
  {
    golden: "opencode-core/lower/error-record",
    protocol: "openai-chat",
    body: {
      messages: [{ role: "tool", tool_call_id: "call_1", content: '{"error":{"type":"unknown","message":"Unable to read /home/u/proj/missing.txt"},"content":[],"structured":{}}' }],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-core/lower/error-record",
    protocol: "anthropic-messages",
    body: {
      messages: [
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_1", content: '{"error":{"type":"unknown","message":"Unable to read /home/u/proj/missing.txt"},"content":[],"structured":{}}', is_error: true },
          ],
        },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/error-record",
    protocol: "google-gemini",
    body: {
      contents: [
        {
          role: "user",
          parts: [
            {
              functionResponse: { name: "read", response: { name: "read", content: '{"error":{"type":"unknown","message":"Unable to read /home/u/proj/missing.txt"},"content":[],"structured":{}}' } },
            },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-core/lower/error-record",
    protocol: "openai-responses",
    body: {
      input: [{ type: "function_call_output", call_id: "call_1", output: '{"error":{"type":"unknown","message":"Unable to read /home/u/proj/missing.txt"},"content":[],"structured":{}}' }],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-core/lower/json-nested",
    protocol: "openai-chat",
    body: { messages: [{ role: "tool", tool_call_id: "call_1", content: '{"zeta":{"list":[1,2,{"deep":null}]},"alpha":true,"num":-0.5,"s":"x y"}' }] } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-core/lower/json-nested",
    protocol: "anthropic-messages",
    body: {
      messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: '{"zeta":{"list":[1,2,{"deep":null}]},"alpha":true,"num":-0.5,"s":"x y"}' }] }],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/json-nested",
    protocol: "google-gemini",
    body: {
      contents: [{ role: "user", parts: [{ functionResponse: { name: "custom", response: { name: "custom", content: '{"zeta":{"list":[1,2,{"deep":null}]},"alpha":true,"num":-0.5,"s":"x y"}' } } }] }],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-core/lower/json-nested",
    protocol: "openai-responses",
    body: { input: [{ type: "function_call_output", call_id: "call_1", output: '{"zeta":{"list":[1,2,{"deep":null}]},"alpha":true,"num":-0.5,"s":"x y"}' }] } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-core/lower/image-png-read",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "tool", tool_call_id: "call_1", content: "Image read successfully" },
        {
          role: "user",
          content: [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } }],
        },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-core/lower/image-png-read",
    protocol: "anthropic-messages",
    body: {
      messages: [
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "call_1",
              content: [
                { type: "text", text: "Image read successfully" },
                { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } },
              ],
            },
          ],
        },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/image-png-read",
    protocol: "google-gemini",
    body: {
      contents: [
        {
          role: "user",
          parts: [
            { functionResponse: { name: "read", response: { name: "read", content: "Image read successfully" } } },
            { inlineData: { mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-core/lower/image-png-read",
    protocol: "openai-responses",
    body: {
      input: [
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "Image read successfully" },
            { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" },
          ],
        },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-core/lower/parallel-mixed-variants",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "tool", tool_call_id: "call_1", content: "ok\n" },
        { role: "tool", tool_call_id: "call_2", content: '{"n":1}' },
        { role: "tool", tool_call_id: "call_3", content: '{"error":{"type":"unknown","message":"Unable to read /x"},"content":[],"structured":{}}' },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-core/lower/parallel-mixed-variants",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "ok\n" }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_2", content: '{"n":1}' }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_3", content: '{"error":{"type":"unknown","message":"Unable to read /x"},"content":[],"structured":{}}', is_error: true }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/parallel-mixed-variants",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call_output", call_id: "call_1", output: "ok\n" },
        { type: "function_call_output", call_id: "call_2", output: '{"n":1}' },
        { type: "function_call_output", call_id: "call_3", output: '{"error":{"type":"unknown","message":"Unable to read /x"},"content":[],"structured":{}}' },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-core/lower/cache-hint-tool-result",
    protocol: "anthropic-messages",
    body: { messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "hello\n", cache_control: { type: "ephemeral" } }] }] } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/conversation-system-user-assistant-tool",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "system", content: "You are opencode." },
        { role: "user", content: "Run echo hello" },
        { role: "assistant", content: "Running it.", tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: '{"command":"echo hello"}' } }] },
        { role: "tool", tool_call_id: "call_1", content: "hello\n\nCommand exited with code 0." },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-core/lower/conversation-system-user-assistant-tool",
    protocol: "anthropic-messages",
    body: {
      system: [{ type: "text", text: "You are opencode.", cache_control: { type: "ephemeral" } }],
      messages: [
        { role: "user", content: [{ type: "text", text: "Run echo hello", cache_control: { type: "ephemeral" } }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Running it." },
            { type: "tool_use", id: "call_1", name: "bash", input: { command: "echo hello" } },
          ],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "call_1",
              content: [
                { type: "text", text: "hello\n" },
                { type: "text", text: "Command exited with code 0." },
              ],
            },
          ],
        },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-core/lower/conversation-system-user-assistant-tool",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "user", parts: [{ text: "Run echo hello" }] },
        { role: "model", parts: [{ text: "Running it." }, { functionCall: { name: "bash", args: { command: "echo hello" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "bash", response: { name: "bash", content: "hello\n\nCommand exited with code 0." } } }] },
      ],
      systemInstruction: { parts: [{ text: "You are opencode." }] },
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-core/lower/conversation-system-user-assistant-tool",
    protocol: "openai-responses",
    body: {
      input: [
        { role: "system", content: "You are opencode." },
        { role: "user", content: [{ type: "input_text", text: "Run echo hello" }] },
        { role: "assistant", content: [{ type: "output_text", text: "Running it." }] },
        { type: "function_call", call_id: "call_1", name: "bash", arguments: '{"command":"echo hello"}' },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "hello\n" },
            { type: "input_text", text: "Command exited with code 0." },
          ],
        },
      ],
    } satisfies ResponsesRequestReplayingText,
  },
  {
    golden: "opencode-core/lower/image-flush-before-user-message",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "tool", tool_call_id: "call_1", content: "Image read successfully" },
        {
          role: "user",
          content: [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } }],
        },
        { role: "user", content: "What colour is it?" },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-error-text",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "t", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_1", content: "Tool failed: boom" },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-error-text",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "t", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "Tool failed: boom", is_error: true }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-error-text",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { name: "t", response: { name: "t", content: "Tool failed: boom" } } }] },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-error-text",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call", call_id: "call_1", name: "t", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: "Tool failed: boom" },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-image-gemini-2",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "t", arguments: "{}" } }] },
        {
          role: "tool",
          tool_call_id: "call_1",
          content:
            '[{"type":"text","text":"Image read successfully"},{"type":"image-data","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==","mediaType":"image/png"}]',
        },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-image-gemini-2",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "t", input: {} }] },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "call_1",
              content: [
                { type: "text", text: "Image read successfully" },
                { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } },
              ],
            },
          ],
        },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-image-gemini-2",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        {
          role: "user",
          parts: [
            { functionResponse: { name: "t", response: { name: "t", content: "Image read successfully" } } },
            { inlineData: { mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } },
            { text: "Tool executed successfully and returned this image as a response" },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-image-gemini-2",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call", call_id: "call_1", name: "t", arguments: "{}" },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "Image read successfully" },
            { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" },
          ],
        },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-image-gemini-3",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        {
          role: "user",
          parts: [
            {
              functionResponse: {
                name: "t",
                response: { name: "t", content: "Image read successfully" },
                parts: [{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } }],
              },
            },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-pdf",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "t", arguments: "{}" } }] },
        {
          role: "tool",
          tool_call_id: "call_1",
          content: '[{"type":"text","text":"PDF read successfully"},{"type":"file-data","data":"JVBERi0xLjQKJSVFT0YK","mediaType":"application/pdf","filename":"spec.pdf"}]',
        },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-pdf",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "t", input: {} }] },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "call_1",
              content: [
                { type: "text", text: "PDF read successfully" },
                { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjQKJSVFT0YK" } },
              ],
            },
          ],
        },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-pdf",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        {
          role: "user",
          parts: [
            { functionResponse: { name: "t", response: { name: "t", content: "PDF read successfully" } } },
            { text: '{"type":"file-data","data":"JVBERi0xLjQKJSVFT0YK","mediaType":"application/pdf","filename":"spec.pdf"}' },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-pdf",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call", call_id: "call_1", name: "t", arguments: "{}" },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "PDF read successfully" },
            { type: "input_file", filename: "spec.pdf", file_data: "data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK" },
          ],
        },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-json-object",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "t", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_1", content: '{"ok":true,"files":["a.ts","b.ts"],"n":2}' },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-json-object",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "t", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: '{"ok":true,"files":["a.ts","b.ts"],"n":2}' }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-json-object",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { name: "t", response: { name: "t", content: { ok: true, files: ["a.ts", "b.ts"], n: 2 } } } }] },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-json-object",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call", call_id: "call_1", name: "t", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: '{"ok":true,"files":["a.ts","b.ts"],"n":2}' },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/history-image-neutral",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "user", content: "Run it" },
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "read", arguments: '{"filePath":"/home/u/proj/logo.png"}' } }] },
        { role: "tool", tool_call_id: "call_1", content: "Image read successfully" },
        {
          role: "user",
          content: [
            { type: "text", text: "Attached media from tool result:" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" } },
          ],
        },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/history-image-neutral",
    protocol: "openai-responses",
    body: {
      input: [
        { role: "user", content: [{ type: "input_text", text: "Run it" }] },
        { type: "function_call", call_id: "call_1", name: "read", arguments: '{"filePath":"/home/u/proj/logo.png"}' },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "Image read successfully" },
            { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" },
          ],
        },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-conversation-system-user",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Run echo hello" },
        { role: "assistant", content: "Running.", tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: '{"command":"echo hello"}' } }] },
        { role: "tool", tool_call_id: "call_1", content: "hello\n" },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-conversation-system-user",
    protocol: "anthropic-messages",
    body: {
      system: [{ type: "text", text: "Be brief." }],
      messages: [
        { role: "user", content: [{ type: "text", text: "Run echo hello" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Running." },
            { type: "tool_use", id: "call_1", name: "bash", input: { command: "echo hello" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "hello\n" }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-conversation-system-user",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "user", parts: [{ text: "Run echo hello" }] },
        { role: "model", parts: [{ text: "Running." }, { functionCall: { name: "bash", args: { command: "echo hello" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "bash", response: { name: "bash", content: "hello\n" } } }] },
      ],
      systemInstruction: { parts: [{ text: "Be brief." }] },
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-conversation-system-user",
    protocol: "openai-responses",
    body: {
      input: [
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "input_text", text: "Run echo hello" }] },
        { role: "assistant", content: [{ type: "output_text", text: "Running." }] },
        { type: "function_call", call_id: "call_1", name: "bash", arguments: '{"command":"echo hello"}' },
        { type: "function_call_output", call_id: "call_1", output: "hello\n" },
      ],
    } satisfies ResponsesRequestReplayingText,
  },
  {
    golden: "opencode-cli/lower/sdk-execution-denied-reason",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "t", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_1", content: "User rejected the edit" },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-execution-denied-reason",
    protocol: "anthropic-messages",
    body: {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "t", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "User rejected the edit" }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-execution-denied-reason",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { name: "t", response: { name: "t", content: "User rejected the edit" } } }] },
      ],
    } satisfies GeminiRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-execution-denied-reason",
    protocol: "openai-responses",
    body: {
      input: [
        { type: "function_call", call_id: "call_1", name: "t", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: "User rejected the edit" },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/model-messages-system-cache-anthropic",
    protocol: "anthropic-messages",
    body: {
      system: [
        { type: "text", text: "S1", cache_control: { type: "ephemeral" } },
        { type: "text", text: "S2", cache_control: { type: "ephemeral" } },
        { type: "text", text: "S3" },
      ],
      messages: [
        { role: "user", content: [{ type: "text", text: "Go" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "bash", input: { command: "echo hello" }, cache_control: { type: "ephemeral" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "hello\n", cache_control: { type: "ephemeral" } }] },
      ],
    } satisfies AnthropicRequest,
  },
  {
    golden: "opencode-cli/lower/history-pdf-neutral",
    protocol: "openai-chat",
    body: {
      messages: [
        { role: "user", content: "Run it" },
        { role: "assistant", content: "", tool_calls: [{ id: "call_1", type: "function", function: { name: "read", arguments: '{"filePath":"/home/u/proj/spec.pdf"}' } }] },
        { role: "tool", tool_call_id: "call_1", content: "PDF read successfully" },
        {
          role: "user",
          content: [
            { type: "text", text: "Attached media from tool result:" },
            { type: "file", file: { filename: "spec.pdf", file_data: "data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK" } },
          ],
        },
      ],
    } satisfies OpenAIChatRequest,
  },
  {
    golden: "opencode-cli/lower/history-pdf-neutral",
    protocol: "openai-responses",
    body: {
      input: [
        { role: "user", content: [{ type: "input_text", text: "Run it" }] },
        { type: "function_call", call_id: "call_1", name: "read", arguments: '{"filePath":"/home/u/proj/spec.pdf"}' },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: [
            { type: "input_text", text: "PDF read successfully" },
            { type: "input_file", filename: "data", file_data: "data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK" },
          ],
        },
      ],
    } satisfies ResponsesRequest,
  },
  {
    golden: "opencode-cli/lower/sdk-content-pdf-gemini-3",
    protocol: "google-gemini",
    body: {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] },
        {
          role: "user",
          parts: [
            { functionResponse: { name: "t", response: { name: "t", content: "PDF read successfully" }, parts: [{ inlineData: { mimeType: "application/pdf", data: "JVBERi0xLjQKJSVFT0YK" } }] } },
          ],
        },
      ],
    } satisfies GeminiRequest,
  },
];
