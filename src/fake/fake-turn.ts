import { DEFAULT_SCENARIO_STYLE, findProfile } from "../profiles/profile-registry.js";
import type { Scenario, ScenarioFault } from "../scenario/scenario.js";
import { scenarioCallInput, scenarioCallText } from "../scenario/scenario-call-input.js";
import type { ResultText } from "../scenario/scenario-from-result.js";
import type { FakeProtocol } from "./fake-protocol.js";

/**
 * One tool call as the fake model sends it: `arguments` is the exact JSON text streamed, or for a
 * freeform call (`custom`, openai-responses only) the raw input text of a `custom_tool_call`.
 */
export interface FakeCall {
  id: string;
  name: string;
  arguments: string;
  /** A freeform (custom) tool call: `arguments` is its raw input, not JSON. */
  custom?: true;
  /** openai-responses: the namespace of a namespaced function call (Codex CLI's MCP tools). */
  namespace?: string;
  /** The name the profile knows the call by: a namespaced call's (Codex CLI: `mcp__<server>__<tool>`), `tool_search_call` for a tool search; default `namespace + name`. */
  called?: string;
  /** openai-responses: a client-executed `tool_search_call` item whose `arguments` object is `arguments` parsed (Codex CLI's deferred tools). */
  toolSearch?: true;
}

/** One scripted model reply, resolved for a protocol, a profile and the server's origin. */
export interface FakeTurn {
  /** 0-based position in the scenario's turns. */
  index: number;
  /** Assistant text (before the calls, or the final answer); null when none. */
  text: string | null;
  calls: FakeCall[];
  fault: ScenarioFault | null;
  /** google-gemini: the candidate's `groundingMetadata` the turn sends as given (a grounded answer's sources and supports). */
  groundingMetadata?: Record<string, unknown>;
}

/**
 * The id a scripted call gets when the scenario names none: `call_<turn>_<n>`, or
 * `toolu_<turn>_<n>` on anthropic-messages (both 1-based; the shape each provider's ids have).
 * google-gemini sends no ids at all (its calls are matched by count).
 */
export function fakeCallId(protocol: FakeProtocol, turnIndex: number, callIndex: number): string {
  return `${protocol === "anthropic-messages" ? "toolu" : "call"}_${turnIndex + 1}_${callIndex + 1}`;
}

/** The call ids of every turn, in order (the fake's turn selection reads them). */
export function fakeTurnCallIds(scenario: Scenario, protocol: FakeProtocol): string[][] {
  return scenario.turns.map((turn, turnIndex) => (turn.calls ?? []).map((call, callIndex) => call.id ?? fakeCallId(protocol, turnIndex, callIndex)));
}

/** Resolves turn `index` of a scenario: ids, argument names for the profile with id `profile`, `{{origin}}` / `{{workspace}}` filled, `$fromResult` values taken from `results`. */
export function fakeTurnAt(scenario: Scenario, index: number, protocol: FakeProtocol, profile: string, placeholders: Readonly<Record<string, string>>, results?: ResultText): FakeTurn {
  const turn = scenario.turns[index];
  const style = scenario.argumentStyle ?? DEFAULT_SCENARIO_STYLE;
  return {
    index,
    text: turn.text ?? null,
    calls: (turn.calls ?? []).map((call, callIndex): FakeCall => {
      const id = call.id ?? fakeCallId(protocol, index, callIndex);
      if (call.server !== undefined) {
        // An MCP tool: called by the agent's own name for it (the profile's rule).
        const named = findProfile(profile)?.mcpToolName?.(call.server, call.tool) ?? { name: call.tool };
        return {
          id,
          name: named.name,
          arguments: JSON.stringify(scenarioCallInput(call, style, profile, placeholders, results)),
          ...(named.namespace === undefined ? {} : { namespace: named.namespace }),
          ...(named.called === undefined ? {} : { called: named.called }),
        };
      }
      if (call.text === undefined) {
        const args = JSON.stringify(scenarioCallInput(call, style, profile, placeholders, results));
        return call.toolSearch === true && protocol === "openai-responses"
          ? { id, name: call.tool, arguments: args, toolSearch: true, called: "tool_search_call" }
          : { id, name: call.tool, arguments: args };
      }
      // A freeform call: a custom_tool_call on openai-responses; elsewhere (no custom calls on the
      // wire) a function call whose one argument `input` holds the text.
      const text = scenarioCallText(call.text, placeholders);
      return protocol === "openai-responses" ? { id, name: call.tool, arguments: text, custom: true } : { id, name: call.tool, arguments: JSON.stringify({ input: text }) };
    }),
    fault: turn.fault ?? null,
    ...(turn.groundingMetadata === undefined ? {} : { groundingMetadata: turn.groundingMetadata }),
  };
}
