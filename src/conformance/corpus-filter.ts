import type { LoadedCase } from "./loaded-case.js";

/** What a filter reads of a case (a worker's cases cross threads as these facts only). */
export type CaseFacts = Pick<LoadedCase, "id" | "profile" | "stage" | "protocols" | "tags">;

/** Which cases a run takes (`--profile`, `--protocol`, `--stage`, `--tag`, `--case GLOB`, `--shard i/n`). */
export interface CorpusFilter {
  profiles?: string[];
  protocols?: string[];
  stages?: string[];
  tags?: string[];
  caseGlobs?: string[];
  shard?: { index: number; count: number };
}

/** Turns a case glob into a RegExp: `*` within a segment, `**` across segments, `?` one char. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === "*" && glob[index + 1] === "*") {
      source += ".*";
      index++;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** True when the filter narrows the corpus (prune refuses to run then). */
export const isFiltered = (filter: CorpusFilter): boolean =>
  Boolean(filter.profiles?.length || filter.protocols?.length || filter.stages?.length || filter.tags?.length || filter.caseGlobs?.length || filter.shard);

/**
 * Applies the filter. Sharding is deterministic: the i-th of n shards takes the cases whose
 * position in the id-sorted (filtered) list is ≡ i-1 mod n, so the shards partition the run.
 */
export function filterCases<T extends CaseFacts>(cases: readonly T[], filter: CorpusFilter): T[] {
  const globs = filter.caseGlobs?.map(globToRegExp);
  const selected = [...cases]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter(
      (testCase) =>
        (!filter.profiles?.length || filter.profiles.includes(testCase.profile)) &&
        (!filter.stages?.length || filter.stages.includes(testCase.stage)) &&
        (!filter.protocols?.length || testCase.protocols.some((protocol) => filter.protocols!.includes(protocol))) &&
        (!filter.tags?.length || testCase.tags.some((tag) => filter.tags!.includes(tag))) &&
        (!globs?.length || globs.some((glob) => glob.test(testCase.id))),
    );
  if (!filter.shard) return selected;
  const { index, count } = filter.shard;
  return selected.filter((_, position) => position % count === index - 1);
}

/** The command-line spelling of each filter, in the order `check --help` lists them. */
const FILTER_FLAGS = [
  ["profiles", "--profile"],
  ["stages", "--stage"],
  ["protocols", "--protocol"],
  ["tags", "--tag"],
  ["caseGlobs", "--case"],
] as const;

/**
 * Why a filter selects no case, as one line naming the flag (`--tag "nope" matches no case`), or
 * null when it selects some or does not filter. A flag that matches nothing on its own is named
 * alone; flags that each match but not together are named together; then an empty shard.
 */
export function emptySelectionReason(cases: readonly CaseFacts[], filter: CorpusFilter): string | null {
  if (!isFiltered(filter) || filterCases(cases, filter).length > 0) return null;
  const spell = (key: (typeof FILTER_FLAGS)[number][0], flag: string) => filter[key]!.map((value) => `${flag} ${JSON.stringify(value)}`).join(" ");
  const active = FILTER_FLAGS.filter(([key]) => filter[key]?.length);
  for (const [key, flag] of active) {
    if (filterCases(cases, { [key]: filter[key] }).length === 0) return `${spell(key, flag)} matches no case`;
  }
  if (active.length > 0 && filterCases(cases, { ...filter, shard: undefined }).length === 0) {
    return `no case matches ${active.map(([key, flag]) => spell(key, flag)).join(" with ")}`;
  }
  const { index, count } = filter.shard!;
  return `--shard ${index}/${count} is empty: the selection has ${filterCases(cases, { ...filter, shard: undefined }).length} case(s)`;
}
