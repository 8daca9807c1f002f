import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
/**
 * update_topic, from the topic and intent the session held before the call: a title that is
 * non-blank and differs from the active topic starts a new topic
 * (`Current topic: "<t>"⏎Topic summary: <summary or ...>`, then `⏎⏎Strategic Intent: <intent>` when
 * one is given); otherwise only `Strategic Intent: <intent as given, else the active one, else ...>`.
 * Titles and intents are kept trimmed with line breaks made spaces.
 * @see docs/spec/gemini-cli-0.61.0.md §16.2 [bundle: packages/core/src/tools/topicTool.ts, TopicState.setTopic]
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
