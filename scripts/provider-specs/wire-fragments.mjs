// The fragments of a wire body that are checked: the tool results of each protocol, and (for the
// golden corpus or --messages) every message or item whole; and the protocol of a body.
import { basename, dirname } from "node:path";
import { InputError } from "./read-input.mjs";

export const PROTOCOLS = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];

/** [{ pointer, provider, schema, value }] for one wire body. */
export function toolResultFragments(protocol, body) {
  const fragments = [];
  switch (protocol) {
    case "openai-chat": {
      const messages = Array.isArray(body?.messages) ? body.messages : [];
      messages.forEach((message, index) => {
        if (message?.role === "tool") {
          fragments.push({ pointer: `/messages/${index}`, provider: "openai", schema: "ChatCompletionRequestToolMessage", value: message });
        } else if (message?.role === "user" && Array.isArray(message.content) && messages[index - 1]?.role === "tool") {
          fragments.push({ pointer: `/messages/${index}`, provider: "openai", schema: "ChatCompletionRequestUserMessage", value: message });
        }
      });
      break;
    }
    case "openai-responses": {
      const items = Array.isArray(body?.input) ? body.input : [];
      items.forEach((item, index) => {
        if (item?.type === "function_call_output") {
          fragments.push({ pointer: `/input/${index}`, provider: "openai", schema: "FunctionCallOutputItemParam", value: item });
        }
      });
      break;
    }
    case "anthropic-messages": {
      const messages = Array.isArray(body?.messages) ? body.messages : [];
      messages.forEach((message, index) => {
        if (!Array.isArray(message?.content)) return;
        message.content.forEach((block, blockIndex) => {
          if (block?.type === "tool_result") {
            fragments.push({ pointer: `/messages/${index}/content/${blockIndex}`, provider: "anthropic", schema: "RequestToolResultBlock", value: block });
          }
        });
      });
      break;
    }
    case "google-gemini": {
      const contents = Array.isArray(body?.contents) ? body.contents : [];
      contents.forEach((content, index) => {
        const parts = Array.isArray(content?.parts) ? content.parts : [];
        if (!parts.some((part) => part?.functionResponse !== undefined)) return;
        parts.forEach((part, partIndex) => {
          const pointer = `/contents/${index}/parts/${partIndex}`;
          fragments.push({ pointer, provider: "gemini", schema: "Part", value: part });
          if (part?.functionResponse !== undefined) {
            fragments.push({ pointer: `${pointer}/functionResponse`, provider: "gemini", schema: "FunctionResponse", value: part.functionResponse });
          }
        });
      });
      break;
    }
    default:
      throw new InputError(`unknown protocol ${protocol}`);
  }
  return fragments;
}

/**
 * The whole-body fragments (checked for the golden corpus, or with --messages): every message or
 * item of the lowered fragment against the official spec's message schema, so what surrounds the
 * tool results (the calls, the user turns media moved to, system text) is checked too.
 *   openai-chat         messages[i]          → ChatCompletionRequestMessage
 *   openai-responses    input[i]             → InputItem
 *   anthropic-messages  messages[i]          → InputMessage; system[i] → RequestTextBlock
 *   google-gemini       contents[i]          → Content; systemInstruction → Content
 */
export function messageFragments(protocol, body) {
  const each = (key, provider, schema) => (Array.isArray(body?.[key]) ? body[key] : []).map((value, index) => ({ pointer: `/${key}/${index}`, provider, schema, value }));
  switch (protocol) {
    case "openai-chat":
      return each("messages", "openai", "ChatCompletionRequestMessage");
    case "openai-responses":
      return each("input", "openai", "InputItem");
    case "anthropic-messages":
      return [...each("system", "anthropic", "RequestTextBlock"), ...each("messages", "anthropic", "InputMessage")];
    case "google-gemini":
      return [
        ...(body?.systemInstruction !== undefined ? [{ pointer: "/systemInstruction", provider: "gemini", schema: "Content", value: body.systemInstruction }] : []),
        ...each("contents", "gemini", "Content"),
      ];
    default:
      throw new InputError(`unknown protocol ${protocol}`);
  }
}

/** The protocol of a body: from a wire-<protocol>/ folder name, else from its shape. */
export function inferProtocol(path, body) {
  const folder = basename(dirname(path));
  if (folder.startsWith("wire-") && PROTOCOLS.includes(folder.slice(5))) return folder.slice(5);
  if (Array.isArray(body?.input)) return "openai-responses";
  if (Array.isArray(body?.contents)) return "google-gemini";
  if (Array.isArray(body?.messages)) {
    const openaiRoles = new Set(["system", "developer", "tool"]);
    if (body.messages.some((message) => openaiRoles.has(message?.role) || message?.tool_calls !== undefined)) return "openai-chat";
    const blocks = body.messages.flatMap((message) => (Array.isArray(message?.content) ? message.content : []));
    if (body.system !== undefined || blocks.some((block) => ["tool_use", "tool_result"].includes(block?.type))) return "anthropic-messages";
    return "openai-chat";
  }
  throw new InputError(`${path}: cannot tell the protocol (no messages, input or contents); pass --protocol`);
}
