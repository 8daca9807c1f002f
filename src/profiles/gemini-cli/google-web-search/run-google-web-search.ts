import type { EnvironmentPort } from "../../environment-port.js";
import { findSubagentScript, UNSCRIPTED_SUBAGENT_TEXT } from "../../subagent-script.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";

/**
 * What the grounding request of a google_web_search call is answered with: the CLI sends the
 * query alone as the user message of a request of its own (`model: "web-search"`, the
 * googleSearch tool), which the fake answers as a subagent request: from the first `subagents`
 * script whose prompt the query contains, its first turn (the request holds no tool results), or
 * the fake's unscripted text. The observation is that answer's text parts joined (null when it
 * has none) and its grounding metadata; `searchUnmodelled` names what the profile cannot know.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/tools/web-search.ts]
 */
export function runGoogleWebSearch(callInput: unknown, environment: EnvironmentPort): Record<string, unknown> {
  if (geminiParamsError("google_web_search", callInput) !== null) return {};
  const query = geminiInput(callInput).query as string;
  if (query.trim() === "") return {};
  if (environment.subagents === undefined) return { searchUnmodelled: "the fake's answer to the grounding request (the run's subagent scripts are not known here)" };
  const script = findSubagentScript(environment.subagents, query);
  if (script === undefined) return { searchAnswer: { text: UNSCRIPTED_SUBAGENT_TEXT } };
  const turn = script.turns[0]!;
  if (turn.fault !== undefined) return { searchUnmodelled: "a fault scripted on the grounding request's answer (the CLI's retries)" };
  const text = turn.text ?? null;
  return { searchAnswer: { text, ...(turn.groundingMetadata === undefined ? {} : { groundingMetadata: turn.groundingMetadata }) } };
}
