import type { LoadedCase } from "./loaded-case.js";

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
export function filterCases(cases: readonly LoadedCase[], filter: CorpusFilter): LoadedCase[] {
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
