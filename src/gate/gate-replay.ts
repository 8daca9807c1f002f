import { type RedactionRule, redactValue } from "../golden/redact.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { EnvironmentPort } from "../profiles/environment-port.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { type Profile, UnsupportedError } from "../profiles/profile.js";
import type { GateComparable } from "./gate-compare.js";
import { expectedTurnFragments, type GateCall } from "./gate-expected.js";
import { gateFragmentText } from "./gate-fragments.js";
import type { ScriptedCall } from "./gate-scripted-calls.js";

/** Why the profile has no expected fragment for a call: a rule it does not model, or a failure inside correx. */
export interface CallVerdict {
  /**
   * `unreplayable`: the profile models the call, but the replay cannot reproduce what the agent
   * found (named). `ends-run`: the profile predicts that no result of this call reaches the model,
   * since the agent's session ends at it or at an earlier call (Profile.endsRun; the rule named).
   */
  kind: "unsupported" | "internal" | "unreplayable" | "ends-run";
  message: string;
  /** The call ran through the profile (its effects happened) and only formatting or lowering failed. */
  effectsApplied: boolean;
}

export interface ReplayOptions {
  profile: Profile;
  protocol: Protocol;
  model: string;
  prompt: string;
  modalities?: readonly string[];
  /** The replay's environment (a sandbox's, or the machine's when the replay is unconfined), on a workspace laid anew. */
  environment: EnvironmentPort;
  /** Where the reference saves full outputs. */
  referenceOutput: string;
  store: OutputStorePort;
  rules: readonly RedactionRule[];
  /** Called with a call's id before it runs: the environment facts recorded until `ran` are its own. */
  running: (id: string) => void;
  /** Called after each call has run, with its id. */
  ran?: (id: string) => void;
  /** Where the agent placed a call's result among its request's results (Profile.resultOrder). */
  agentOrdinal?: (call: ScriptedCall) => number | undefined;
}

export interface ReplayResult {
  expected: Record<string, GateComparable>;
  verdicts: Map<string, CallVerdict>;
}

/**
 * The profile's fragments for every scripted call: each call is run through the profile (its rules
 * decide every effect; the environment records facts), formatted, and each turn lowered. A call
 * the profile does not model, or one on which correx itself fails, gets a verdict of its own; the
 * other calls of its turn are still lowered.
 */
export async function replayExpected(options: ReplayOptions, script: ScriptedCall[], rawOf: (call: ScriptedCall) => GateComparable | undefined): Promise<ReplayResult> {
  const { profile, protocol, environment, store } = options;
  const formatOptions = { model: options.model, cwd: environment.workspace, outputDir: options.referenceOutput };
  const expected: Record<string, GateComparable> = {};
  const verdicts = new Map<string, CallVerdict>();
  const turns = [...new Set(script.map((call) => call.turn))];
  let streamFault: ScriptedCall | undefined;
  for (const [turnIndex, turn] of turns.entries()) {
    const calls = script.filter((call) => call.turn === turn);
    // A turn whose reply the fake cuts or garbles: the agent's runtime retries it, runs what it got
    // of the arguments, or ends its session (observed for opencode, unseen batch 4) — not modelled,
    // for this turn's calls and every later one.
    streamFault ??= calls.find((call) => call.streamFault !== undefined);
    if (streamFault !== undefined) {
      for (const call of calls) verdicts.set(call.id, streamFaultVerdict(profile.id, streamFault));
      continue;
    }
    const ready: GateCall[] = [];
    let interrupt: { id: string; rule: string } | undefined;
    let end: { id: string; rule: string } | undefined;
    for (const call of calls) {
      options.running(call.id);
      let observed = false;
      try {
        const turnOfCall = { index: turnIndex, calls: calls.map(({ tool, input }) => ({ tool, input })), position: calls.indexOf(call) };
        let observation = await profile.observe({ tool: call.tool, input: call.input, turn: turnOfCall }, environment);
        observed = true;
        const ends = profile.endsRun?.({ tool: call.tool, input: call.input }, observation);
        if (ends !== undefined) {
          end ??= { id: call.id, rule: ends };
          options.ran?.(call.id);
          continue;
        }
        const agent = rawOf(call);
        if (agent && profile.adoptAgentOrder) observation = profile.adoptAgentOrder({ tool: call.tool, input: call.input }, observation, gateFragmentText(protocol, agent.result));
        const result = profile.format({ tool: call.tool, input: call.input, observation, options: formatOptions }, store);
        ready.push({ id: call.id, tool: call.tool, input: call.input, observation, result, position: calls.indexOf(call) });
        const rule = profile.interruptsTurn?.({ tool: call.tool, input: call.input }, observation);
        if (rule !== undefined && interrupt === undefined) interrupt = { id: call.id, rule };
      } catch (error) {
        verdicts.set(call.id, verdictOf(error, observed));
      }
      options.ran?.(call.id);
    }
    if (end !== undefined) {
      // The session ends in this turn: no result of it, nor of any later turn, reaches the model; the later turns never run.
      const { id, rule } = end;
      for (const call of [...calls, ...script.filter((later) => turns.indexOf(later.turn) > turnIndex)]) {
        if (verdicts.has(call.id)) continue;
        verdicts.set(call.id, { kind: "ends-run", message: call.id === id ? rule : `${rule} (call ${id})`, effectsApplied: true });
      }
      break;
    }
    if (interrupt !== undefined) {
      // The turn's other calls may or may not have finished before the interruption: unsupported, naming the rule.
      for (const call of calls) {
        if (call.id === interrupt.id || verdicts.has(call.id)) continue;
        verdicts.set(call.id, { kind: "unsupported", message: `${interrupt.rule} (call ${interrupt.id})`, effectsApplied: false });
      }
      const kept = ready.filter((call) => call.id === interrupt?.id);
      ready.splice(0, ready.length, ...kept);
    }
    if (ready.length === 0) continue;
    const ordinals = new Map(calls.map((call) => [call.id, options.agentOrdinal?.(call)]));
    if (profile.resultOrder && ready.every((call) => ordinals.get(call.id) !== undefined)) {
      // The agent's placement, adopted where the binary could have produced it.
      const agentOrder = [...ready].sort((a, b) => ordinals.get(a.id)! - ordinals.get(b.id)!).map((call) => call.id);
      const order = profile.resultOrder(ready, agentOrder);
      ready.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    }
    let fragments: ReturnType<typeof expectedTurnFragments>;
    try {
      fragments = expectedTurnFragments({ profile, protocol, model: options.model, prompt: options.prompt, calls: ready, options: formatOptions, store, modalities: options.modalities });
    } catch (error) {
      for (const call of ready) verdicts.set(call.id, verdictOf(error, true));
      continue;
    }
    // When the agent placed a call the replay left out (unsupported) after every predicted one, the
    // request's cache breakpoint (on its last block) sits on that call's result, not on a predicted one.
    const placedLast = [...calls].filter((call) => ordinals.get(call.id) !== undefined).sort((a, b) => ordinals.get(b.id)! - ordinals.get(a.id)!)[0];
    const breakpointElsewhere = placedLast !== undefined && !ready.some((call) => call.id === placedLast.id);
    ready.forEach((call, index) => {
      const fragment = protocol === "google-gemini" ? fragments[index] : fragments.find((item) => item.callId === call.id);
      if (fragment) {
        const value = breakpointElsewhere && isRecord(fragment.value) && "cache_control" in fragment.value ? withoutKey(fragment.value, "cache_control") : fragment.value;
        const comparable = { result: value, after: fragment.after };
        expected[call.id] = redactValue(profile.afterNotes ? profile.afterNotes(comparable) : comparable, options.rules) as GateComparable;
      }
    });
  }
  return { expected, verdicts };
}

/** An exception while handling one call: the profile's own `unsupported`, or an internal error of correx. */
function verdictOf(error: unknown, effectsApplied: boolean): CallVerdict {
  if (UnsupportedError.isInstance(error)) return { kind: "unsupported", message: error.message, effectsApplied };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: "internal", message, effectsApplied };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function withoutKey(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/**
 * The verdict of a call on or after a turn whose reply the fake cuts or garbles (its `fault`): the
 * agent's runtime retries it, runs what it got of the arguments, or ends its session (observed for
 * opencode, unseen batch 4: each, by runtime and protocol), which no profile models.
 */
export function streamFaultVerdict(profileId: string, faulted: ScriptedCall): CallVerdict {
  const message = `${profileId}: what the agent does after a ${faulted.streamFault} fault on a turn with tool calls (turn ${faulted.turn + 1}: a retry, the arguments it got, or the end of its session) is not modelled`;
  return { kind: "unsupported", message, effectsApplied: false };
}
