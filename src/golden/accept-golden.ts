import { compactValue, editGoldenText } from "./edit-golden-text.js";
import { expandGenerators } from "./expand-generators.js";
import { parseGoldenYaml, stringifyGoldenYaml } from "./golden-yaml.js";

/** What a new golden's header holds (the case it answers and its spec section). */
export interface GoldenHeader {
  case: string;
  spec?: string;
}

/**
 * `reviewed:` after an accepted change: the old text gains the entry (`old; entry`), or keeps
 * it when it already ends with it (accepting twice records it once). Never dropped.
 */
export function appendReviewEntry(reviewed: unknown, entry: string): string {
  if (typeof reviewed !== "string" || reviewed === "") return entry;
  return reviewed === entry || reviewed.endsWith(`; ${entry}`) ? reviewed : `${reviewed}; ${entry}`;
}

/**
 * The text of a golden once `expected` is accepted into it. An existing golden is edited in
 * place (editGoldenText): only changed values are rewritten, a pending file's `source:` block is
 * not carried over, and `reviewed:` gains `entry` (what accepted it). A new golden is written
 * whole, its long strings as generators.
 */
export function acceptedGoldenText(oldText: string | null, header: GoldenHeader, expected: unknown, entry: string): string {
  if (oldText !== null) {
    const old = expandGenerators(parseGoldenYaml(oldText)) as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    for (const key of Object.keys(old)) {
      if (key === "source") continue;
      if (key === "expected" && !("reviewed" in old)) next.reviewed = appendReviewEntry(undefined, entry);
      next[key] = key === "reviewed" ? appendReviewEntry(old.reviewed, entry) : key === "expected" ? expected : old[key];
    }
    if (!("reviewed" in next)) next.reviewed = entry;
    if (!("expected" in next)) next.expected = expected;
    return editGoldenText(oldText, next);
  }
  return stringifyGoldenYaml(compactValue({ correx: "golden/1", case: header.case, ...(header.spec !== undefined ? { spec: header.spec } : {}), reviewed: entry, expected }));
}
