import type { CaseOutcome } from "../conformance/case-outcome.js";

/** One call of a scenario as the gate judged it, with what is known of its effect on the workspace. */
export interface JudgedCall {
  id: string;
  outcome: CaseOutcome;
  /** Running it wrote a file or ran a command (the environment's facts), so its effect can differ. */
  mutated: boolean;
  /** The profile ran it (its effects were applied to the reference's workspace); false when running it failed. */
  effectsKnown: boolean;
  /** The parts of the agent's session state it changes and those its result depends on (Profile.sessionState). */
  session?: { changes: readonly string[]; reads: readonly string[] };
}

/**
 * Marks the differences that may follow from an earlier call of the same scenario rather than
 * stand on their own. The reference replays the scenario in its own copy of the workspace, so
 * once a call's effect may differ from the agent's — a call the profile could not run (effects
 * unknown), or a call that wrote or ran something and whose result differed — later calls may
 * see other files. A later failure then names that call (`consequenceOf`): after an unknown
 * effect it is `unsupported` (correx's gap, never the agent's failure); after a differing one it
 * stays `fail` (the upstream difference is real) but says which call it may follow from.
 * Read-only calls that differ (a read, a search) change nothing and start no chain.
 *
 * The agent's session state is a second chain: a failing call whose result depends on a part of
 * it (Profile.sessionState: plan mode, the background history…) names the last call that changed
 * that part — `unsupported` when the profile does not model that call (its effect on the session
 * may differ: correx's gap), else still `fail`.
 */
export function labelConsequences(calls: readonly JudgedCall[]): CaseOutcome[] {
  let upstream: { id: string; known: boolean } | null = null;
  // the last call that changed each part of the session state, and whether its effect is known
  const sessionWriters = new Map<string, { id: string; known: boolean }>();
  return calls.map((call) => {
    const labelled = label(call);
    for (const part of call.session?.changes ?? []) sessionWriters.set(part, { id: call.id, known: call.outcome.status !== "unsupported" });
    return labelled;
  });

  function label(call: JudgedCall): CaseOutcome {
    const { outcome } = call;
    if (outcome.status === "unsupported") {
      if (!call.effectsKnown) upstream ??= { id: call.id, known: false };
      return outcome;
    }
    if (outcome.status !== "fail") return outcome;
    const cause = (call.session?.reads ?? []).map((part) => ({ part, writer: sessionWriters.get(part) })).find((entry) => entry.writer !== undefined && entry.writer.id !== call.id);
    if (upstream === null && cause?.writer !== undefined) {
      const { part, writer } = cause;
      return writer.known
        ? { ...outcome, consequenceOf: writer.id, message: `may follow from call ${writer.id}, which changed the session's ${part}: ${outcome.message ?? ""}` }
        : {
            ...outcome,
            status: "unsupported",
            consequenceOf: writer.id,
            message: `follows from call ${writer.id}, which changed the session's ${part} and whose result the profile does not model: ${outcome.message ?? ""}`,
          };
    }
    if (upstream !== null) {
      return upstream.known
        ? { ...outcome, consequenceOf: upstream.id, message: `may follow from call ${upstream.id}, whose effect on the workspace differed: ${outcome.message ?? ""}` }
        : {
            ...outcome,
            status: "unsupported",
            consequenceOf: upstream.id,
            message: `follows from call ${upstream.id}, which the profile could not run (its effects on the workspace are unknown): ${outcome.message ?? ""}`,
          };
    }
    if (call.mutated) upstream = { id: call.id, known: true };
    return outcome;
  }
}
