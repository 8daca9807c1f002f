import type { ResultText } from "../scenario/scenario-from-result.js";
import type { FakeProtocol } from "./fake-protocol.js";

type Json = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Json => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

/** A result's content as text: a string as it is, a list of parts as their `text` fields joined. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return asArray(content)
    .map((part) => asObject(part).text)
    .filter((text): text is string => typeof text === "string")
    .join("");
}

/**
 * The text of every tool result in request bodies, by call id: openai-chat's tool message
 * content, anthropic-messages' tool_result content, openai-responses' function / custom tool
 * call output (text parts joined); google-gemini (no ids) gives each functionResponse's
 * `response` as JSON, matched to the scripted ids by position. The first occurrence of an id wins.
 */
export function fakeResultTexts(protocol: FakeProtocol, bodies: readonly unknown[], scriptedIds: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (id: string | undefined, text: string) => {
    if (id !== undefined && !texts.has(id)) texts.set(id, text);
  };
  for (const body of bodies) {
    const root = asObject(body);
    switch (protocol) {
      case "openai-chat":
        for (const message of asArray(root.messages).map(asObject)) if (message.role === "tool") add(String(message.tool_call_id), contentText(message.content));
        break;
      case "anthropic-messages":
        for (const block of asArray(root.messages)
          .flatMap((message) => asArray(asObject(message).content))
          .map(asObject)) {
          if (block.type === "tool_result") add(String(block.tool_use_id), contentText(block.content));
        }
        break;
      case "openai-responses":
        for (const item of asArray(root.input).map(asObject)) {
          if (item.type === "function_call_output" || item.type === "custom_tool_call_output" || item.type === "tool_search_output")
            add(String(item.call_id), item.type === "tool_search_output" ? JSON.stringify(item.tools ?? null) : contentText(item.output));
        }
        break;
      case "google-gemini": {
        const responses = asArray(root.contents)
          .flatMap((content) => asArray(asObject(content).parts))
          .map((part) => asObject(part).functionResponse)
          .filter((response) => response !== undefined);
        responses.forEach((response, index) => add(scriptedIds[index], JSON.stringify(asObject(response).response ?? null)));
        break;
      }
      default: {
        const _exhaustive: never = protocol;
        return _exhaustive;
      }
    }
  }
  return texts;
}

/** The `$fromResult` lookup over a scenario's call ids (per turn) and the result texts found. */
export function resultTextLookup(callIds: readonly (readonly string[])[], texts: ReadonlyMap<string, string>): ResultText {
  return (turn, call) => {
    const id = callIds[turn]?.[call];
    return id === undefined ? undefined : texts.get(id);
  };
}
