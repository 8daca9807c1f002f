import type { Message } from "../../generated/schema-types.js";
import type { ProfileHistory } from "../../profiles/profile.js";
import { lowerCore } from "../lower-core.js";
import { lowerNeutralThrough, NEUTRAL_MESSAGE_KIND } from "../neutral-history.js";
import { coreReplayedResult } from "./core-replayed-result.js";

/**
 * opencode-core's history: `LLM.Message[]`; a step is one assistant message of the text and the
 * tool-call parts, then one tool message per result (an error replayed as its error record).
 * Lowered from `messages` or `neutral`. @see spec §1.1, §1.2 (history replay), §4.3
 */
export const coreHistory: ProfileHistory = {
  forms: { messages: "envelope/message", neutral: NEUTRAL_MESSAGE_KIND },
  prompt: (text) => ({ role: "user", content: [{ type: "text", text }] }),
  assistantText: (text) => ({ role: "assistant", content: [{ type: "text", text }] }),
  step(step) {
    const content: unknown[] = [];
    if (step.text) content.push({ type: "text", text: step.text });
    for (const call of step.calls) content.push({ type: "tool-call", id: call.id, name: call.tool, input: call.input });
    return [{ role: "assistant", content }, ...step.calls.map((call) => ({ role: "tool", content: [coreReplayedResult(call.id, call.tool, call.result)] }))];
  },
  lower(request) {
    if (request.from === "neutral") return lowerNeutralThrough(coreHistory, request, "opencode-core");
    return lowerCore({ protocol: request.protocol, messages: request.messages as Message[] });
  },
};
