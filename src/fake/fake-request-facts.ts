import type { FakeProtocol } from "./fake-protocol.js";

/** What the fake reads from a valid request to choose and shape its reply. */
export interface FakeRequestFacts {
  model: string;
  stream: boolean;
  /** openai-chat: `stream_options.include_usage`, which adds a usage chunk before `[DONE]`. */
  includeUsage: boolean;
  /** Call ids of the tool results in the request (empty on google-gemini). */
  resultIds: string[];
  /** How many tool results the request holds. */
  resultCount: number;
  /** The text of the request's user messages (their text parts joined by newlines). */
  userText: string;
}

type Json = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Json => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

/**
 * Reads the facts from a request body that passed its wire schema. `url` gives google-gemini's
 * model (from the path) and streaming mode (`:streamGenerateContent`).
 */
export function readFakeRequestFacts(protocol: FakeProtocol, body: unknown, url: URL): FakeRequestFacts {
  const root = asObject(body);
  switch (protocol) {
    case "openai-chat": {
      const ids = asArray(root.messages)
        .map(asObject)
        .filter((message) => message.role === "tool")
        .map((message) => String(message.tool_call_id));
      return {
        model: String(root.model ?? ""),
        stream: root.stream === true,
        includeUsage: asObject(root.stream_options).include_usage === true,
        resultIds: ids,
        resultCount: ids.length,
        userText: userText(root.messages),
      };
    }
    case "anthropic-messages": {
      const ids = asArray(root.messages)
        .flatMap((message) => asArray(asObject(message).content))
        .map(asObject)
        .filter((block) => block.type === "tool_result")
        .map((block) => String(block.tool_use_id));
      return { model: String(root.model ?? ""), stream: root.stream === true, includeUsage: false, resultIds: ids, resultCount: ids.length, userText: userText(root.messages) };
    }
    case "google-gemini": {
      const count = asArray(root.contents)
        .flatMap((content) => asArray(asObject(content).parts))
        .filter((part) => "functionResponse" in asObject(part)).length;
      const match = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
      return {
        model: decodeURIComponent(match?.[1] ?? ""),
        stream: match?.[2] === "streamGenerateContent",
        includeUsage: false,
        resultIds: [],
        resultCount: count,
        userText: userText(root.contents),
      };
    }
    case "openai-responses": {
      const ids = asArray(root.input)
        .map(asObject)
        .filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output" || item.type === "tool_search_output")
        .map((item) => String(item.call_id));
      return { model: String(root.model ?? ""), stream: root.stream === true, includeUsage: false, resultIds: ids, resultCount: ids.length, userText: userText(root.input) };
    }
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}

/**
 * The text of every user message in a list of messages, items or contents: a string `content`,
 * or the `text` of its parts (`content` blocks, Gemini `parts`), joined by newlines.
 */
function userText(messages: unknown): string {
  return asArray(messages)
    .map(asObject)
    .filter((message) => message.role === "user")
    .flatMap((message) => (typeof message.content === "string" ? [message.content] : asArray(message.content ?? message.parts).map((part) => asObject(part).text)))
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}
