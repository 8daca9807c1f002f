import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
/**
 * list_background_processes and read_background_output while the session has moved no command to
 * the background: `No background processes found.`, and a lookup failure for any pid. With
 * background commands, their listing (statuses that race with the commands' ends) and their
 * output logs are not modelled.
 * @see docs/spec/gemini-cli-0.61.0.md §16.3 [bundle: packages/core/src/tools/shellBackgroundTools.ts]
 */
export function formatBackgroundTool(tool: "list_background_processes" | "read_background_output", callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError(tool, callInput);
  if (paramsError !== null) return geminiError(paramsError);
  if (typeof observation.backgroundCommands !== "number") throw new UnsupportedError(`${tool}: the observation lacks the session's background commands`);
  if (observation.backgroundCommands > 0) throw new UnsupportedError(`${tool}: the session's background processes (their statuses and output logs) are not modelled`);
  if (tool === "list_background_processes") return geminiOutput("No background processes found.");
  return geminiError(`Background process history lookup failed for PID ${String(geminiInput(callInput).pid)}`);
}
