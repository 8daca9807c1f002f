import type { GeminiCliResult } from "../../profiles/gemini-cli/gemini-result.js";

/** One call of a gemini-cli turn and its formatted result. */
export interface GeminiTurnCall {
  tool: string;
  /** The arguments as the model sent them. */
  input: unknown;
  result: GeminiCliResult;
  /** Its 0-based place in the model's reply (its id's `_<i>`), when calls before it are left out; default its place here. */
  position?: number;
}

/** Tools whose responses the CLI sends first in their turn, wherever their calls stand (update_topic). @see spec §16.5 */
const ANSWERED_FIRST = new Set(["update_topic"]);

/** The `thoughtSignature` Gemini CLI puts on the first replayed call of a reply. @see spec §1.2 */
export const SKIP_THOUGHT_SIGNATURE = "skip_thought_signature_validator";

/**
 * The call id Gemini CLI makes for the `index`-th call of a reply read at `ms`: `<name>_<ms>_<i>`
 * (the time is volatile and redacted to `[MS]`). @see spec §1.1
 */
export const geminiCallId = (tool: string, ms: number, index: number) => `${tool}_${ms}_${index}`;

/**
 * The google-gemini `contents` Gemini CLI sends after a turn's tools ran, reduced to the turn: the
 * user's prompt, the model turn with each call (`{functionCall: {id, args, name}}`, the first with
 * `thoughtSignature`), then one user turn with each `functionResponse` (`{name, response, id}`) in
 * call order — update_topic's first, its id keeping its index (§16.5) — each followed by its
 * sibling parts (an image read by read_file), then the deferred
 * parts of every call (audio and video read by read_file). Keys in the order
 * the binary sends them; `ms` stands for the reply's time in the ids.
 * @see docs/spec/gemini-cli-0.61.0.md §1.1–1.6
 */
export function lowerGeminiTurn(prompt: string, calls: readonly GeminiTurnCall[], ms = 0): { contents: unknown[] } {
  const ids = calls.map((call, index) => geminiCallId(call.tool, ms, call.position ?? index));
  const answered = [...calls.keys()].sort((a, b) => Number(!ANSWERED_FIRST.has(calls[a]!.tool)) - Number(!ANSWERED_FIRST.has(calls[b]!.tool)) || a - b);
  const modelParts = calls.map((call, index) => ({
    functionCall: { id: ids[index], args: call.input, name: call.tool },
    ...(index === 0 ? { thoughtSignature: SKIP_THOUGHT_SIGNATURE } : {}),
  }));
  const responseParts = [
    ...answered.flatMap((index) => {
      const call = calls[index]!;
      return [{ functionResponse: { name: call.tool, response: call.result.response, id: ids[index] } }, ...(call.result.parts ?? [])];
    }),
    // audio and video: the CLI's next user content, merged into this one once its synthetic thought turn is left out. §1.5
    ...calls.flatMap((call) => call.result.deferredParts ?? []),
  ];
  return {
    contents: [
      { parts: [{ text: prompt }], role: "user" },
      { parts: modelParts, role: "model" },
      { parts: responseParts, role: "user" },
    ],
  };
}
