import type { Protocol } from "../lowering-result.js";

/** The model a request is lowered for: its id, provider id, AI SDK package and input modalities. */
export interface CliTargetModel {
  protocol: Protocol;
  modelID: string;
  providerID: string;
  npm: string;
  modalities: readonly string[];
}

/** The AI SDK package each protocol implies (spec README: protocol ids). @see spec §4.1 (supportsMediaInToolResults: api.npm) */
const packages: Record<Protocol, { npm: string; providerID: string; modelID: string }> = {
  "openai-chat": { npm: "@ai-sdk/openai-compatible", providerID: "openai-compatible", modelID: "gpt-4.1" },
  "anthropic-messages": { npm: "@ai-sdk/anthropic", providerID: "anthropic", modelID: "claude-sonnet-4-5" },
  "google-gemini": { npm: "@ai-sdk/google", providerID: "google", modelID: "gemini-2.5-flash" },
  "openai-responses": { npm: "@ai-sdk/openai", providerID: "openai", modelID: "gpt-4.1" },
};

/** Every input modality opencode checks (§4.1 ProviderTransform.message step 1); the default model has them all. */
export const ALL_MODALITIES: readonly string[] = ["image", "audio", "video", "pdf"];

/** The target model for a protocol, with a default model id when none is given. */
export function cliTargetModel(protocol: Protocol, modelID?: string, modalities: readonly string[] = ALL_MODALITIES): CliTargetModel {
  const entry = packages[protocol];
  return { protocol, modelID: modelID ?? entry.modelID, providerID: entry.providerID, npm: entry.npm, modalities };
}
