import type { EnvironmentPort, SessionHandle } from "../../environment-port.js";

/**
 * The live sessions the profile holds for one environment (one replay), by the id Codex gave
 * each: a command still running at its yield time stays alive, as in Codex, until a poll reads
 * its end. The id is Codex's own once the gate has shown the profile the agent's result
 * (`adoptSessionId`); until then a random one in Codex's range.
 * @see spec §2.5 (source codex-rs/core/src/unified_exec/process_manager.rs: ids 1000…99999)
 */
const tables = new WeakMap<EnvironmentPort, Map<number, SessionHandle>>();

export function sessionsOf(environment: EnvironmentPort): Map<number, SessionHandle> {
  let table = tables.get(environment);
  if (table === undefined) {
    table = new Map();
    tables.set(environment, table);
  }
  return table;
}

/** Sessions under an id the profile drew, not yet the agent's: which environment holds each. */
const drawn = new Map<number, EnvironmentPort>();

/** Keeps a session under a fresh id in Codex's range (unique among the ids drawn and not adopted). */
export function keepSession(environment: EnvironmentPort, handle: SessionHandle): number {
  const table = sessionsOf(environment);
  for (;;) {
    const id = 1000 + Math.floor(Math.random() * 99000);
    if (table.has(id) || drawn.has(id)) continue;
    table.set(id, handle);
    drawn.set(id, environment);
    return id;
  }
}

/** Re-keys a session the profile drew an id for under the id the agent reported for the same call. */
export function adoptSessionId(from: number, to: number): void {
  const environment = drawn.get(from);
  if (environment === undefined) return;
  drawn.delete(from);
  const table = sessionsOf(environment);
  const handle = table.get(from);
  if (handle === undefined || from === to) return;
  if (table.has(to)) table.get(to)!.kill();
  table.delete(from);
  table.set(to, handle);
}

/** Forgets a session whose end a poll has read. */
export function forgetSession(environment: EnvironmentPort, id: number): void {
  sessionsOf(environment).delete(id);
  if (drawn.get(id) === environment) drawn.delete(id);
}
