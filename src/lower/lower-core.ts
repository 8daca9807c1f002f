import type { Message } from "../generated/schema-types.js";
import type { LoweringResult, Protocol } from "./lowering-result.js";
import { lowerCoreAnthropicMessages } from "./opencode-core/lower-core-anthropic-messages.js";
import { lowerCoreGoogleGemini } from "./opencode-core/lower-core-google-gemini.js";
import { lowerCoreOpenAIChat } from "./opencode-core/lower-core-openai-chat.js";
import { lowerCoreOpenAIResponses } from "./opencode-core/lower-core-openai-responses.js";

/**
 * opencode-core lowering of `LLM.Message[]` to one native protocol.
 * @see spec §4.3
 */
export function lowerCore(options: { protocol: Protocol; messages: Message[] }): LoweringResult<object> {
  switch (options.protocol) {
    case "openai-chat":
      return lowerCoreOpenAIChat(options);
    case "anthropic-messages":
      return lowerCoreAnthropicMessages(options);
    case "google-gemini":
      return lowerCoreGoogleGemini(options);
    case "openai-responses":
      return lowerCoreOpenAIResponses(options);
    default: {
      const _exhaustive: never = options.protocol;
      return _exhaustive;
    }
  }
}
