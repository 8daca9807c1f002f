import type { Protocol } from "../lower/lowering-result.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import type { FormatOptions, Profile } from "../profiles/profile.js";
import { UnsupportedError } from "../profiles/profile.js";
import { extractGateFragments, type GateFragment } from "./gate-fragments.js";

/** One call of a turn with what its tool observed. */
export interface GateCall {
  id: string;
  tool: string;
  /** The arguments as the model sent them (parsed). */
  input: unknown;
  observation: Record<string, unknown>;
  /** The profile's result for the call when it was formatted already (then `observation` is not formatted again). */
  result?: unknown;
  /** Its 0-based place among its turn's scripted calls (calls the profile does not model are left out of the lowering). */
  position?: number;
}

export interface ExpectedTurnOptions {
  profile: Profile;
  protocol: Protocol;
  /** The model id the agent is configured with (gemini-3 vs. earlier, Claude rules, tool set). */
  model: string;
  prompt: string;
  calls: GateCall[];
  options: FormatOptions;
  store: OutputStorePort;
  /** opencode-cli: the model's input modalities (ProviderTransform step 1). */
  modalities?: readonly string[];
}

/**
 * What the profile would send for one turn's tool results: each call formatted with the profile,
 * then the whole turn recorded in the profile's own history (the prompt, then one step of the
 * calls and their results: the request right after the tools ran) and lowered with the profile's
 * lowerer for the protocol, and the result fragments read back out of that body. A protocol the
 * profile does not speak is `unsupported`.
 * @see spec §2 (format), §4.1–4.3 (lowering); design: gate
 */
export function expectedTurnFragments(options: ExpectedTurnOptions): GateFragment[] {
  const { profile, protocol } = options;
  if (!profile.protocols.includes(protocol)) throw new UnsupportedError(`${profile.id} speaks ${profile.protocols.join(", ")} only, not ${protocol}`);
  const calls = options.calls.map((call) => ({
    id: call.id,
    tool: call.tool,
    input: call.input,
    result: formatGateCall(options, call),
    ...(call.position === undefined ? {} : { position: call.position }),
  }));
  const messages = [profile.history.prompt(options.prompt), ...profile.history.step({ text: "", calls }, options.options)];
  const body = profile.history.lower({ protocol, messages, from: Object.keys(profile.history.forms)[0], model: options.model, modalities: options.modalities }).body;
  return extractGateFragments(protocol, body);
}

/** The profile's result for one call: the precomputed one, or the call formatted now. */
export function formatGateCall(options: Pick<ExpectedTurnOptions, "profile" | "options" | "store">, call: GateCall): unknown {
  if (call.result !== undefined) return call.result;
  return options.profile.format({ tool: call.tool, input: call.input, observation: call.observation, options: options.options }, options.store);
}
