import type { HistoryMessage, ModelMessage } from "../../generated/schema-types.js";
import type { LoweringResult, Protocol } from "../lowering-result.js";
import { type CliTargetModel, cliTargetModel } from "./cli-target-model.js";
import { type HistoryOptions, historyToModelMessages } from "./history-to-model-messages.js";
import { providerTransformMessage } from "./provider-transform-message.js";
import { sdkAnthropicMessages } from "./sdk-anthropic-messages.js";
import { sdkGoogleGemini } from "./sdk-google-gemini.js";
import { sdkOpenAICompatibleChat } from "./sdk-openai-compatible-chat.js";
import { sdkOpenAIResponses } from "./sdk-openai-responses.js";
import { toSdkPrompt } from "./sdk-prompt.js";

/** The input level of opencode-cli lowering: `history` (steps 1–3), `model-messages` (2–3), `sdk-messages` (3 only). */
export type CliFrom = "history" | "model-messages" | "sdk-messages";

export interface LowerCliOptions extends HistoryOptions {
  protocol: Protocol;
  messages: unknown[];
  from?: CliFrom;
  model?: string;
  /** Input modalities of the model (ProviderTransform step 1); all by default. */
  modalities?: readonly string[];
}

/**
 * Step 3: model messages → wire, as `generateText({messages})` sends them with the AI SDK packages opencode 1.18.33 bundles.
 * @see spec §4.2
 */
export function sdkMessagesToWire(messages: ModelMessage[], target: CliTargetModel): LoweringResult<object> {
  const prompt = toSdkPrompt(messages);
  switch (target.protocol) {
    case "openai-chat":
      return sdkOpenAICompatibleChat(prompt);
    case "anthropic-messages":
      return sdkAnthropicMessages(prompt);
    case "google-gemini":
      return sdkGoogleGemini(prompt, target.modelID);
    case "openai-responses":
      return sdkOpenAIResponses(prompt, target.modelID);
    default: {
      const _exhaustive: never = target.protocol;
      return _exhaustive;
    }
  }
}

/**
 * opencode-cli lowering: history → model messages (§4.1) → ProviderTransform.message (§4.1) → AI SDK wire (§4.2), from the level `from` names.
 * @see spec §4.1, §4.2
 */
export function lowerCli(options: LowerCliOptions): LoweringResult<object> {
  const target = cliTargetModel(options.protocol, options.model, options.modalities);
  const from = options.from ?? "history";
  switch (from) {
    case "history":
      return sdkMessagesToWire(providerTransformMessage(historyToModelMessages(options.messages as HistoryMessage[], target, options), target), target);
    case "model-messages":
      return sdkMessagesToWire(providerTransformMessage(options.messages as ModelMessage[], target), target);
    case "sdk-messages":
      return sdkMessagesToWire(options.messages as ModelMessage[], target);
    default: {
      const _exhaustive: never = from;
      return _exhaustive;
    }
  }
}
