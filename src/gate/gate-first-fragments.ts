import type { Protocol } from "../lower/lowering-result.js";
import { extractGateFragments, type GateFragment } from "./gate-fragments.js";

/** The first occurrence of each tool result across the agent's requests, by call id and by position. */
export interface GateFirstFragments {
  byId: Map<string, GateFragment>;
  byOrdinal: Map<number, GateFragment>;
}

/**
 * Collects first fragments one request body at a time, as requests arrive: the gate keeps these
 * (one per tool result) and never the bodies, which repeat the whole history each turn and may
 * be 32 MiB apiece.
 */
export function createFirstFragmentCollector(protocol: Protocol): GateFirstFragments & { add(body: unknown): void; readonly failure: unknown } {
  const byId = new Map<string, GateFragment>();
  const byOrdinal = new Map<number, GateFragment>();
  let failure: unknown;
  return {
    byId,
    byOrdinal,
    /** A failure of the extraction (correx's, not the agent's): kept for the gate to raise after the run, never answered to the agent. */
    get failure() {
      return failure;
    },
    add(body) {
      try {
        for (const fragment of extractGateFragments(protocol, body)) {
          if (fragment.callId !== null && !byId.has(fragment.callId)) byId.set(fragment.callId, fragment);
          if (!byOrdinal.has(fragment.ordinal)) byOrdinal.set(fragment.ordinal, fragment);
        }
      } catch (error) {
        failure ??= error;
      }
    },
  };
}
