import type { CaseOutcome } from "../conformance/case-outcome.js";

/** One call of a scenario as the gate judged it, with what is known of its effect on the workspace. */
export interface JudgedCall {
  id: string;
  outcome: CaseOutcome;
  /** Running it wrote a file or ran a command (the environment's facts), so its effect can differ. */
  mutated: boolean;
  /** The profile ran it (its effects were applied to the reference's workspace); false when running it failed. */
  effectsKnown: boolean;
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
 */
export function labelConsequences(calls: readonly JudgedCall[]): CaseOutcome[] {
  let upstream: { id: string; known: boolean } | null = null;
  return calls.map((call) => {
    const { outcome } = call;
    if (outcome.status === "unsupported") {
      if (!call.effectsKnown) upstream ??= { id: call.id, known: false };
      return outcome;
    }
    if (outcome.status !== "fail") return outcome;
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
  });
}
