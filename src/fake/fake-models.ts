import type { Protocol } from "../lower/lowering-result.js";

/**
 * The model id an agent is pointed at on each fake protocol: ids that switch opencode's family
 * rules on where they matter (§4.1: Claude, gemini-2.x).
 */
export const fakeModels: Record<Protocol, string> = {
  "openai-chat": "correx-fake-chat",
  "anthropic-messages": "claude-correx-fake",
  "google-gemini": "gemini-2.5-correx-fake",
  "openai-responses": "correx-fake-responses",
};
