import type { Protocol } from "../lower/lowering-result.js";
import type { ProfileId } from "../profiles/profile.js";

/** One agent runtime on one protocol it speaks, with the model the preview lowers for. */
export interface PreviewTarget {
  profile: ProfileId;
  protocol: Protocol;
  model: string;
}

/**
 * What `correx preview` shows: every profile on every protocol its agent speaks, each with the
 * model its gate suite runs (opencode: the default model of each protocol's AI SDK package).
 */
export const PREVIEW_TARGETS: readonly PreviewTarget[] = [
  { profile: "claude-code", protocol: "anthropic-messages", model: "claude-opus-5-5" },
  { profile: "gemini-cli", protocol: "google-gemini", model: "gemini-2.5-pro" },
  { profile: "codex-cli", protocol: "openai-responses", model: "gpt-5.5" },
  { profile: "opencode-cli", protocol: "openai-chat", model: "gpt-4.1" },
  { profile: "opencode-cli", protocol: "anthropic-messages", model: "claude-sonnet-4-5" },
  { profile: "opencode-cli", protocol: "google-gemini", model: "gemini-2.5-flash" },
  { profile: "opencode-core", protocol: "openai-chat", model: "gpt-4.1" },
];
