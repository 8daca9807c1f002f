/** The wire body types, generated from schemas/wire/<protocol>.json (style point 4), under readable names. */
export type {
  OpenAIChatBody,
  AnthropicMessagesBody,
  GeminiBody as GoogleGeminiBody,
  OpenAIResponsesBody,
} from "../generated/schema-types.js";
