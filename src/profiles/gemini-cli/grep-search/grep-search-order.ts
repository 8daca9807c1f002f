import { capGrepMatches, type GrepSearchMatch } from "./grep-search-match.js";

/**
 * ripgrep runs grep_search with `--threads 4`: the order in which several matching files are
 * reported (and so shown) is a race, not a rule. The gate adopts the agent's order: files the
 * agent showed (`File: <path>` lines) first, in its order; the others keep ripgrep's. Lines within
 * a file keep theirs (they are sorted by number anyway). A file the agent showed that was never
 * observed stays absent, so it still shows as a difference. When the match cap cut matches out of
 * several files (`uncapped`), which files come first decides which are kept: the agent's order is
 * applied to every match, then the cap (files listed by `names_only` rank as shown).
 * @see docs/spec/gemini-cli-0.61.0.md §7.3
 */
export function adoptGrepFileOrder(observation: Record<string, unknown>, agentText: string): Record<string, unknown> {
  if (!Array.isArray(observation.matches)) return observation;
  const rank = new Map<string, number>();
  const uncapped = Array.isArray(observation.uncapped) ? (observation.uncapped as GrepSearchMatch[]) : undefined;
  const observed = new Set((uncapped ?? (observation.matches as GrepSearchMatch[])).map((match) => match.filePath));
  for (const line of agentText.split("\n")) {
    const file = line.startsWith("File: ") ? line.slice("File: ".length) : uncapped !== undefined && observed.has(line) ? line : undefined;
    if (file !== undefined && !rank.has(file)) rank.set(file, rank.size);
  }
  const ordered = (uncapped ?? (observation.matches as GrepSearchMatch[]))
    .map((match, index) => ({ match, index, rank: rank.get(match.filePath) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.match);
  const matches = uncapped !== undefined && typeof observation.maxMatches === "number" ? capGrepMatches(ordered, observation.maxMatches) : ordered;
  return { ...observation, matches };
}
