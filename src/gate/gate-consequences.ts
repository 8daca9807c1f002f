import type { CaseOutcome } from "../conformance/case-outcome.js";
import { type CallFootprint, type PathSet, pathsMeet } from "./gate-call-footprints.js";

/** One call of a scenario as the gate judged it, with what is known of its effect on the workspace and the session. */
export interface JudgedCall {
  id: string;
  outcome: CaseOutcome;
  /** What its replay touched and changed (src/gate/gate-call-footprints.ts). */
  footprint: CallFootprint;
  /** The profile ran it (its effects were applied to the reference's workspace); false when running it failed. */
  effectsKnown: boolean;
  /** The parts of the agent's session state it changes and those its result depends on (Profile.sessionState). */
  session?: { changes: readonly string[]; reads: readonly string[] };
}

/**
 * Marks the differences that may follow from an earlier call of the same scenario rather than
 * stand on their own. Two chains:
 *
 * - The workspace. The reference replays the scenario in its own copy of it, so once a call's
 *   effect may differ from the agent's — a call the profile could not run (effects unknown), or a
 *   call that changed something and whose result differed — later calls that touch what it changed
 *   may see other files. Such a later failure names the latest such call it meets
 *   (`consequenceOf`): after an unknown effect it is `unsupported` (correx's gap, never the agent's
 *   failure); after a differing one it stays `fail` (the upstream difference is real) but says
 *   which call it may follow from. A call that changed nothing (a read, a search, a command that
 *   only printed) starts no chain, and a failure that touches none of the changed paths (a read of
 *   another file) stands on its own; a command may touch anything.
 * - The agent's session state. A failing call whose result depends on a part of it
 *   (Profile.sessionState: plan mode, the background history…) names the last call that changed
 *   that part — `unsupported` when the profile does not model that call (its effect on the session
 *   may differ: correx's gap), else still `fail`.
 */
export function labelConsequences(calls: readonly JudgedCall[]): CaseOutcome[] {
  const upstreams: { id: string; known: boolean; wrote: PathSet }[] = [];
  // the last call that changed each part of the session state, and whether its effect is known
  const sessionWriters = new Map<string, { id: string; known: boolean }>();
  return calls.map((call) => {
    const labelled = label(call);
    for (const part of call.session?.changes ?? []) sessionWriters.set(part, { id: call.id, known: call.outcome.status !== "unsupported" });
    return labelled;
  });

  function label(call: JudgedCall): CaseOutcome {
    const { outcome, footprint } = call;
    if (outcome.status === "unsupported") {
      if (!call.effectsKnown) upstreams.push({ id: call.id, known: false, wrote: "any" });
      return outcome;
    }
    if (outcome.status !== "fail") return outcome;
    const upstream = upstreams.findLast((earlier) => pathsMeet(earlier.wrote, footprint.touched));
    if (footprint.wrote === "any" || footprint.wrote.size > 0) upstreams.push({ id: call.id, known: true, wrote: footprint.wrote });
    if (upstream !== undefined) {
      return upstream.known
        ? { ...outcome, consequenceOf: upstream.id, message: `may follow from call ${upstream.id}, whose effect on the workspace differed: ${outcome.message ?? ""}` }
        : {
            ...outcome,
            status: "unsupported",
            consequenceOf: upstream.id,
            message: `follows from call ${upstream.id}, which the profile could not run (its effects on the workspace are unknown): ${outcome.message ?? ""}`,
          };
    }
    const cause = (call.session?.reads ?? []).map((part) => ({ part, writer: sessionWriters.get(part) })).find((entry) => entry.writer !== undefined && entry.writer.id !== call.id);
    if (cause?.writer === undefined) return outcome;
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
}
