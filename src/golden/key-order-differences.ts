/** An object whose keys are the same but come in another order: the two key lists. */
export interface KeyOrderDifference {
  pointer: string;
  expected: string[];
  actual: string[];
}

/**
 * Where two values hold objects with the same keys in a different order (values may differ
 * elsewhere; valueDifferences reports those). A golden stores key order, so a review shows it.
 */
export function keyOrderDifferences(expected: unknown, actual: unknown, pointer = ""): KeyOrderDifference[] {
  if (expected === null || actual === null || typeof expected !== "object" || typeof actual !== "object") return [];
  if (Array.isArray(expected) !== Array.isArray(actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return expected.flatMap((item, index) => (index < actual.length ? keyOrderDifferences(item, actual[index], `${pointer}/${index}`) : []));
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const out: KeyOrderDifference[] = [];
  const eKeys = Object.keys(e);
  const aKeys = Object.keys(a);
  const common = (keys: string[], other: Record<string, unknown>) => keys.filter((key) => key in other);
  if (common(eKeys, a).join("\u0000") !== common(aKeys, e).join("\u0000")) out.push({ pointer, expected: eKeys, actual: aKeys });
  for (const key of eKeys) {
    if (key in a) out.push(...keyOrderDifferences(e[key], a[key], `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return out;
}
