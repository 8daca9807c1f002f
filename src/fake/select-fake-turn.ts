import type { FakeRequestFacts } from "./fake-request-facts.js";

/**
 * Which scripted turn answers a request, from the tool results it already holds, so a client
 * that retries a request gets the same turn again:
 * - by id: the turn after the last turn any of whose calls has a result in the request (a
 *   request chained with `previous_response_id` carries only the newest results, and still
 *   selects the right turn);
 * - by count (google-gemini, whose results carry no ids): the first turn whose calls, added to
 *   the calls of the turns before it, outnumber the results.
 * Clamped to the last turn (the final text), which answers every request after it.
 */
export function selectFakeTurn(callIds: readonly (readonly string[])[], facts: FakeRequestFacts, byCount: boolean): number {
  const last = callIds.length - 1;
  if (byCount) {
    let calls = 0;
    for (let turn = 0; turn < last; turn++) {
      calls += callIds[turn].length;
      if (calls > facts.resultCount) return turn;
    }
    return last;
  }
  const answered = new Set(facts.resultIds);
  let latest = -1;
  callIds.forEach((ids, turn) => {
    if (ids.some((id) => answered.has(id))) latest = turn;
  });
  return Math.min(latest + 1, last);
}
