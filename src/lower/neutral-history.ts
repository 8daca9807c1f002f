import type { FormatOptions, LowerHistoryRequest, ProfileHistory, ProfileStepCall } from "../profiles/profile.js";
import { UnsupportedError } from "../profiles/profile.js";
import type { LoweringResult, Protocol } from "./lowering-result.js";

/** The schema kind of a neutral history's messages. */
export const NEUTRAL_MESSAGE_KIND = "history/neutral-message";

/** One message of a neutral history (schemas/history/neutral-message.json). */
export type NeutralMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content?: string; calls?: { id: string; tool: string; input: unknown; position?: number }[] }
  | { role: "tool"; id: string; result: unknown };

/** A neutral history reduced to what a one-turn lowerer takes: the prompt and the calls of the turn with their results. */
export interface NeutralTurn {
  prompt: string;
  calls: ProfileStepCall[];
}

/**
 * Reads a neutral history as one turn: the user's prompt, then at most one assistant turn of calls
 * followed by one result per call in call order. A longer history (a second turn, text the
 * assistant wrote) is refused as `unsupported`, naming the rule: these lowerers are pinned to the
 * request an agent sends right after one turn's tools ran.
 */
export function neutralTurn(profile: string, messages: readonly unknown[]): NeutralTurn {
  const history = messages as readonly NeutralMessage[];
  const [first, assistant, ...results] = history;
  if (first?.role !== "user") throw new UnsupportedError(`${profile}: a neutral history starts with the user's prompt`);
  if (assistant === undefined) return { prompt: first.content, calls: [] };
  if (assistant.role !== "assistant") throw new UnsupportedError(`${profile}: after the prompt comes the assistant's turn of calls`);
  if (assistant.content !== undefined) throw new UnsupportedError(`${profile}: assistant text beside the calls is not modelled (the lowerer is pinned to a turn of calls only)`);
  const calls = assistant.calls ?? [];
  if (results.length !== calls.length)
    throw new UnsupportedError(`${profile}: one turn of calls, then one result per call, is modelled (found ${calls.length} calls and ${results.length} messages after them); a longer history is not`);
  return {
    prompt: first.content,
    calls: calls.map((call, index) => {
      const result = results[index]!;
      if (result.role !== "tool" || result.id !== call.id)
        throw new UnsupportedError(`${profile}: message ${index + 2} must be the result of call ${JSON.stringify(call.id)} (results come in call order)`);
      return { id: call.id, tool: call.tool, input: call.input, result: result.result, ...(call.position === undefined ? {} : { position: call.position }) };
    }),
  };
}

/**
 * The history of a profile whose lowerer takes one turn (the prompt, the calls, their results):
 * its own form is the neutral history, it speaks one protocol, and its lowerer builds the body.
 */
export function neutralProfileHistory(profile: string, protocol: Protocol, lowerTurn: (turn: NeutralTurn) => object): ProfileHistory {
  return {
    forms: { neutral: NEUTRAL_MESSAGE_KIND },
    prompt: (text): NeutralMessage => ({ role: "user", content: text }),
    assistantText: (text): NeutralMessage => ({ role: "assistant", content: text }),
    step(step, _options: FormatOptions): NeutralMessage[] {
      const assistant: NeutralMessage = {
        role: "assistant",
        ...(step.text ? { content: step.text } : {}),
        calls: step.calls.map((call) => ({ id: call.id, tool: call.tool, input: call.input, ...(call.position === undefined ? {} : { position: call.position }) })),
      };
      return [assistant, ...step.calls.map((call): NeutralMessage => ({ role: "tool", id: call.id, result: call.result }))];
    },
    lower(request: LowerHistoryRequest): LoweringResult<object> {
      if (request.protocol !== protocol) throw new UnsupportedError(`${profile} speaks ${protocol} only, not ${request.protocol}`);
      return { body: lowerTurn(neutralTurn(profile, request.messages)), warnings: [] };
    },
  };
}

/**
 * A neutral history lowered through a profile's own form: the turn is recorded with the
 * profile's `prompt` and `step` (as the agent records it) and that history lowered.
 */
export function lowerNeutralThrough(history: ProfileHistory, request: LowerHistoryRequest, profile: string): LoweringResult<object> {
  const turn = neutralTurn(profile, request.messages);
  const options: FormatOptions = request.model === undefined ? {} : { model: request.model };
  const messages = [history.prompt(turn.prompt), ...(turn.calls.length > 0 ? history.step({ text: "", calls: turn.calls }, options) : [])];
  return history.lower({ ...request, messages, from: Object.keys(history.forms)[0] });
}
