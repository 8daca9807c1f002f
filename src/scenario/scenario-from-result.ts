/**
 * A call argument taken from an earlier tool result: `{"$fromResult": {"turn": T, "call": C,
 * "pattern": "<regex>", "as": "integer"}}` anywhere in a call's `input` becomes the first capture
 * group of `pattern` matched against the text the agent sent as the result of call C (1-based,
 * default 1) of turn T (1-based, an earlier turn), as a string or (`as: "integer"`) a number. No
 * such result, or no match, gives `null`. Protocol-neutral: calls are named by position, not id.
 * Used for values only the agent knows, such as the session id Codex gives a running command.
 */
export interface FromResult {
  turn: number;
  call?: number;
  pattern: string;
  as?: "string" | "integer";
}

/** The text of the agent's result for call `call` (0-based) of turn `turn` (0-based), when the request history holds it. */
export type ResultText = (turn: number, call: number) => string | undefined;

/** Whether a value is a `$fromResult` reference (an object whose one key is `$fromResult`). */
export function isFromResult(value: unknown): value is { $fromResult: FromResult } {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 1 && Object.hasOwn(value, "$fromResult");
}

/** What is wrong with a `$fromResult` reference in a call of turn `turnIndex` (0-based), or null. */
export function fromResultProblem(reference: unknown, turnIndex: number, callsPerTurn: readonly number[]): string | null {
  if (reference === null || typeof reference !== "object" || Array.isArray(reference)) return "$fromResult must be an object {turn, call, pattern, as}";
  const { turn, call = 1, pattern, as = "string", ...rest } = reference as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `$fromResult has an unknown key "${Object.keys(rest)[0]}" (known: turn, call, pattern, as)`;
  if (!Number.isInteger(turn) || (turn as number) < 1 || (turn as number) > turnIndex)
    return turnIndex === 0
      ? `$fromResult in the first turn: there is no earlier turn to take a result from, found turn ${JSON.stringify(turn)}`
      : `$fromResult.turn must name an earlier turn (1…${turnIndex}), found ${JSON.stringify(turn)}`;
  const calls = callsPerTurn[(turn as number) - 1] ?? 0;
  if (!Number.isInteger(call) || (call as number) < 1 || (call as number) > calls) return `$fromResult.call must be a call of turn ${turn} (1…${calls}), found ${JSON.stringify(call)}`;
  if (typeof pattern !== "string") return "$fromResult.pattern must be a regular expression (a string)";
  let groups: number;
  try {
    groups = new RegExp(`${pattern}|`).exec("")!.length - 1;
  } catch (error) {
    return `$fromResult.pattern is not a valid regular expression: ${(error as Error).message}`;
  }
  if (groups < 1) return "$fromResult.pattern must hold a capture group (the value taken)";
  if (as !== "string" && as !== "integer") return `$fromResult.as must be "string" or "integer", found ${JSON.stringify(as)}`;
  return null;
}

/** Every `$fromResult` reference in a value, with its JSON Pointer below the value. */
export function findFromResults(value: unknown, pointer = ""): { pointer: string; reference: unknown }[] {
  if (isFromResult(value)) return [{ pointer: `${pointer}/$fromResult`, reference: value.$fromResult }];
  if (Array.isArray(value)) return value.flatMap((item, index) => findFromResults(item, `${pointer}/${index}`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => findFromResults(item, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return [];
}

/** A value with every `$fromResult` reference replaced by what it takes from `results`. */
export function resolveFromResults(value: unknown, results: ResultText): unknown {
  if (isFromResult(value)) {
    const { turn, call = 1, pattern, as = "string" } = value.$fromResult;
    const text = results(turn - 1, call - 1);
    const match = text === undefined ? null : new RegExp(pattern).exec(text);
    const taken = match?.slice(1).find((group) => group !== undefined);
    if (taken === undefined) return null;
    if (as === "integer") return /^-?\d+$/.test(taken) ? Number(taken) : null;
    return taken;
  }
  if (Array.isArray(value)) return value.map((item) => resolveFromResults(item, results));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveFromResults(item, results)]));
  return value;
}
