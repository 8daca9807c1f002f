import type { CacheHint, Message, TextPart } from "../../generated/schema-types.js";
import type { CoreRequest } from "./core-request.js";

/** The hint the default policy adds: ephemeral, no ttlSeconds (the `auto` policy sets none). */
const POLICY_HINT: CacheHint = { type: "ephemeral" };

/** The last system part gets the policy hint unless it already has one. */
function markLastSystemPart(system: TextPart[]): TextPart[] {
  const last = system.at(-1);
  if (last === undefined || last.cache) return system;
  return [...system.slice(0, -1), { ...last, cache: POLICY_HINT }];
}

/**
 * The latest user message gets the policy hint on its last text part (its last part when it has no
 * text), unless that part already has a hint. A media part has no cache field on this wire, so a
 * text-less message is left as it is (Anthropic never reads a hint on an image).
 */
function markLatestUserMessage(messages: Message[]): Message[] {
  const index = messages.findLastIndex((message) => message.role === "user");
  const message = messages[index];
  if (message?.role !== "user" || message.content.length === 0) return messages;
  const textIndex = message.content.findLastIndex((part) => part.type === "text");
  const part = message.content[textIndex >= 0 ? textIndex : message.content.length - 1]!;
  if (part.type !== "text" || part.cache) return messages;
  const content = message.content.map((item) => (item === part ? { ...part, cache: POLICY_HINT } : item));
  return messages.map((item, at) => (at === index ? { role: "user", content } : item));
}

/**
 * The cache policy `LLM.compile` applies by default (`cache: "auto"` = `{tools: true, system: true,
 * messages: "latest-user-message"}`) on the anthropic-messages and bedrock-converse routes: the last
 * tool definition, the last system part and the latest user message get an ephemeral hint where they
 * have none. Explicit hints stay; the 4-breakpoint cap is applied afterwards, in request order, by the
 * lowering. Lowered bodies here carry no tool definitions, so only system and messages are marked.
 * @see spec README "Verified against the released binary's v2 runner" (Anthropic cache breakpoints)
 */
export function applyDefaultCachePolicy(request: CoreRequest): CoreRequest {
  return { system: markLastSystemPart(request.system), messages: markLatestUserMessage(request.messages) };
}
