/**
 * What Gemini CLI sends for one tool call (schemas/gemini-cli/tool-result.json): the
 * functionResponse's `response`, and the parts that follow it.
 * @see docs/spec/gemini-cli-0.61.0.md §1.3–1.5
 */
export interface GeminiCliResult {
  response: { output: string } | { error: string };
  parts?: { inlineData: { data: string; mimeType: string } }[];
  /** Parts sent after every response of the turn (audio and video read by read_file). @see spec §1.5 */
  deferredParts?: { inlineData: { data: string; mimeType: string } }[];
}

/** A successful result. */
export const geminiOutput = (output: string): GeminiCliResult => ({ response: { output } });

/** A failed result: only the error message is sent. @see spec §1.3 */
export const geminiError = (error: string): GeminiCliResult => ({ response: { error } });

/** The call's arguments when they are a JSON object, else `{}`. */
export function geminiInput(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
