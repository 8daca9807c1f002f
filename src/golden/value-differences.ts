/** One place where expected and actual differ: a JSON pointer and the two values there. */
export interface ValueDifference {
  pointer: string;
  expected: unknown;
  actual: unknown;
}

const MISSING = Symbol("missing");

/**
 * Where two JSON values differ, down to the leaves (strings compared exactly, never trimmed or
 * newline-normalised). With `keyOrder`, objects whose keys come in a different order differ at
 * that object (wire bodies: key order is what the provider client sends).
 */
export function valueDifferences(expected: unknown, actual: unknown, keyOrder = false, pointer = ""): ValueDifference[] {
  if (Object.is(expected, actual)) return [];
  const bothObjects = expected !== null && actual !== null && typeof expected === "object" && typeof actual === "object" && Array.isArray(expected) === Array.isArray(actual);
  if (!bothObjects) return [{ pointer, expected, actual }];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: ValueDifference[] = [];
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index++) {
      const e = index < expected.length ? expected[index] : MISSING;
      const a = index < actual.length ? actual[index] : MISSING;
      if (e === MISSING || a === MISSING) out.push({ pointer: `${pointer}/${index}`, expected: e === MISSING ? undefined : e, actual: a === MISSING ? undefined : a });
      else out.push(...valueDifferences(e, a, keyOrder, `${pointer}/${index}`));
    }
    return out;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const out: ValueDifference[] = [];
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  for (const key of keys) {
    const child = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!(key in a)) out.push({ pointer: child, expected: e[key], actual: undefined });
    else if (!(key in e)) out.push({ pointer: child, expected: undefined, actual: a[key] });
    else out.push(...valueDifferences(e[key], a[key], keyOrder, child));
  }
  if (out.length === 0 && keyOrder && Object.keys(e).join("\u0000") !== Object.keys(a).join("\u0000")) {
    out.push({ pointer, expected: `keys in order ${Object.keys(e).join(", ")}`, actual: `keys in order ${Object.keys(a).join(", ")}` });
  }
  return out;
}
