import type { CacheHint, Message, SystemMessage, TextPart } from "../../generated/schema-types.js";

/** An `LLMRequest` split the way the native protocols read it: leading system messages form `request.system`, later ones are system updates. */
export interface CoreRequest {
  system: TextPart[];
  messages: Message[];
}

/** A system message's text parts (a string content is one part). */
export function systemParts(message: SystemMessage): TextPart[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

/**
 * Leading system messages are the system prompt; any later system message is a chronological system update.
 * @see spec §4.3 (system-update merge)
 */
export function splitCoreRequest(messages: Message[]): CoreRequest {
  let index = 0;
  const system: TextPart[] = [];
  while (index < messages.length && messages[index]!.role === "system") {
    system.push(...systemParts(messages[index] as SystemMessage));
    index += 1;
  }
  return { system, messages: messages.slice(index) };
}

/** `ProviderShared.joinText`. */
export const joinText = (parts: readonly { text: string }[]): string => parts.map((part) => part.text).join("\n");

/**
 * `ProviderShared.wrapSystemUpdate`: visible, XML-escaped user text.
 * @see spec §4.3 (system-update)
 */
export function wrapSystemUpdate(parts: readonly TextPart[]): { text: string; cache: CacheHint | undefined } {
  const escaped = joinText(parts).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return { text: `<system-update>\n${escaped}\n</system-update>`, cache: parts.at(-1)?.cache };
}
