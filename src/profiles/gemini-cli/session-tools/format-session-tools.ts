import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";

/**
 * enter_plan_mode: `Switching to Plan mode.` (the reason shows only to the user); the session is
 * in plan mode from then on (§15.1). @see docs/spec/gemini-cli-0.61.0.md §15.1 [bundle: packages/core/src/tools/enter-plan-mode.ts]
 */
export function formatEnterPlanMode(callInput: unknown): GeminiCliResult {
  const paramsError = geminiParamsError("enter_plan_mode", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  return geminiOutput("Switching to Plan mode.");
}

/**
 * update_topic, from the topic and intent the session held before the call: a title that is
 * non-blank and differs from the active topic starts a new topic
 * (`Current topic: "<t>"⏎Topic summary: <summary or ...>`, then `⏎⏎Strategic Intent: <intent>` when
 * one is given); otherwise only `Strategic Intent: <intent as given, else the active one, else ...>`.
 * Titles and intents are kept trimmed with line breaks made spaces.
 * @see docs/spec/gemini-cli-0.61.0.md §15.2 [bundle: packages/core/src/tools/topicTool.ts, TopicState.setTopic]
 */
export function formatUpdateTopic(callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError("update_topic", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput) as { title?: string; summary?: string; strategic_intent?: string };
  const before = { topic: typeof observation.topic === "string" ? observation.topic : undefined, intent: typeof observation.intent === "string" ? observation.intent : undefined };
  const after = nextTopicState(before, input.title, input.strategic_intent);
  const isNew = !!(input.title && input.title.trim() !== "" && input.title.trim() !== before.topic);
  if (isNew) {
    let text = `Current topic: "${after.topic || "..."}"\nTopic summary: ${input.summary || "..."}`;
    if (input.strategic_intent?.trim()) text += `\n\nStrategic Intent: ${input.strategic_intent.trim()}`;
    return geminiOutput(text);
  }
  return geminiOutput(`Strategic Intent: ${input.strategic_intent || after.intent || "..."}`);
}

/** TopicState.setTopic: the sanitized title and intent replace the active ones when non-empty. */
export function nextTopicState(before: { topic?: string; intent?: string }, title: string | undefined, intent: string | undefined): { topic?: string; intent?: string } {
  const cleanTitle = title?.trim().replace(/[\r\n]+/g, " ");
  const cleanIntent = intent?.trim().replace(/[\r\n]+/g, " ");
  return { ...(cleanTitle || before.topic ? { topic: cleanTitle || before.topic } : {}), ...(cleanIntent || before.intent ? { intent: cleanIntent || before.intent } : {}) };
}

/**
 * list_background_processes and read_background_output while the session has moved no command to
 * the background: `No background processes found.`, and a lookup failure for any pid. With
 * background commands, their listing (statuses that race with the commands' ends) and their
 * output logs are not modelled.
 * @see docs/spec/gemini-cli-0.61.0.md §15.3 [bundle: packages/core/src/tools/shellBackgroundTools.ts]
 */
export function formatBackgroundTool(tool: "list_background_processes" | "read_background_output", callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError(tool, callInput);
  if (paramsError !== null) return geminiError(paramsError);
  if (typeof observation.backgroundCommands !== "number") throw new UnsupportedError(`${tool}: the observation lacks the session's background commands`);
  if (observation.backgroundCommands > 0) throw new UnsupportedError(`${tool}: the session's background processes (their statuses and output logs) are not modelled`);
  if (tool === "list_background_processes") return geminiOutput("No background processes found.");
  return geminiError(`Background process history lookup failed for PID ${String(geminiInput(callInput).pid)}`);
}
