import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiOutput } from "../gemini-result.js";

/**
 * enter_plan_mode: `Switching to Plan mode.` (the reason shows only to the user); the session is
 * in plan mode from then on (§16.1). @see docs/spec/gemini-cli-0.61.0.md §16.1 [bundle: packages/core/src/tools/enter-plan-mode.ts]
 */
export function formatEnterPlanMode(callInput: unknown): GeminiCliResult {
  const paramsError = geminiParamsError("enter_plan_mode", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  return geminiOutput("Switching to Plan mode.");
}
