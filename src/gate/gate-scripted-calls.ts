import { fakeTurnAt, fakeTurnCallIds } from "../fake/fake-turn.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { Profile } from "../profiles/profile.js";
import type { Scenario } from "../scenario/scenario.js";
import type { ResultText } from "../scenario/scenario-from-result.js";

/** One call of the script, with its resolved id, tool and arguments. */
export interface ScriptedCall {
  turn: number;
  ordinal: number;
  id: string;
  tool: string;
  input: unknown;
  /** The turn's provider reply is cut or malformed (its `fault`): what the agent does then is its runtime's own. */
  streamFault?: "malformed-stream" | "truncated-stream";
}

/** Every scripted call in order, with the arguments the fake sent for this profile (`$fromResult` values from `results`). */
export function scriptedCalls(scenario: Scenario, protocol: Protocol, profile: Profile, origin: string, workspace: string, results?: ResultText): ScriptedCall[] {
  const ids = fakeTurnCallIds(scenario, protocol);
  const calls: ScriptedCall[] = [];
  scenario.turns.forEach((scripted, index) => {
    const turn = fakeTurnAt(scenario, index, protocol, profile.id, { origin, workspace }, results);
    const kind = scripted.fault?.kind;
    const streamFault = kind === "malformed-stream" || kind === "truncated-stream" ? kind : undefined;
    turn.calls.forEach((call, callIndex) => {
      // A freeform call's input is its raw text (codex-cli's apply_patch).
      const input = call.custom ? call.arguments : (JSON.parse(call.arguments) as unknown);
      calls.push({ turn: index, ordinal: calls.length, id: ids[index]![callIndex]!, tool: call.called ?? (call.namespace ?? "") + call.name, input, ...(streamFault ? { streamFault } : {}) });
    });
  });
  return calls;
}
