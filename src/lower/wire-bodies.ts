/** The wire body types, generated from schemas/wire/<protocol>.json (style point 4), under readable names. */
export type {
  AnthropicMessagesBody,
  GeminiBody as GoogleGeminiBody,
  OpenAIChatBody,
  OpenAIResponsesBody,
} from "../generated/schema-types.js";
