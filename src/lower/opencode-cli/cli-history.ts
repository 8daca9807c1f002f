import type { HistoryMessage } from "../../generated/schema-types.js";
import { cliHistoryCall } from "../../profiles/opencode-cli/cli-history-call.js";
import type { CliFormatResult } from "../../profiles/opencode-cli/result/format-result.js";
import type { ProfileHistory } from "../../profiles/profile.js";
import { lowerNeutralThrough, NEUTRAL_MESSAGE_KIND } from "../neutral-history.js";
import { type CliFrom, lowerCli } from "./lower-cli.js";

/**
 * opencode-cli's history: v1 session messages (`{role, parts}`); a step is one assistant message
 * of a step-start part, the text, and one completed or error tool part per call (an unknown tool
 * recorded as `invalid`). Lowered from `history`, `model-messages`, `sdk-messages` or `neutral`.
 * @see spec §4.1 (history), §2.0 (unknown tool)
 */
export const cliHistory: ProfileHistory = {
  forms: { history: "opencode-cli/history-message", "model-messages": "opencode-cli/model-message", "sdk-messages": "opencode-cli/model-message", neutral: NEUTRAL_MESSAGE_KIND },
  prompt: (text): HistoryMessage => ({ role: "user", parts: [{ type: "text", text }] }) as HistoryMessage,
  assistantText: (text) => ({ role: "assistant", parts: [{ type: "text", text }] }),
  step(step, options) {
    const parts: unknown[] = [{ type: "step-start" }];
    if (step.text) parts.push({ type: "text", text: step.text });
    for (const call of step.calls) {
      const result = call.result as CliFormatResult;
      const named = cliHistoryCall(call.tool, call.input, options, { title: result.status === "completed" ? result.title : undefined });
      const time = { start: 1, end: 2 };
      const state =
        result.status === "completed"
          ? { status: "completed", input: named.input, output: result.output, title: result.title, metadata: result.metadata, time, ...(result.attachments ? { attachments: result.attachments } : {}) }
          : { status: "error", input: named.input, error: result.error, time };
      parts.push({ type: "tool", tool: named.tool, callID: call.id, state });
    }
    return [{ role: "assistant", parts }];
  },
  lower(request) {
    if (request.from === "neutral") return lowerNeutralThrough(cliHistory, request, "opencode-cli");
    return lowerCli({ protocol: request.protocol, messages: [...request.messages], from: request.from as CliFrom | undefined, model: request.model, modalities: request.modalities });
  },
};
