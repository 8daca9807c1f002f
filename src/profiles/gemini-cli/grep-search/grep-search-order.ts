import type { GrepSearchMatch } from "./grep-search-match.js";

/**
 * ripgrep runs grep_search with `--threads 4`: the order in which several matching files are
 * reported (and so shown) is a race, not a rule. The gate adopts the agent's order: files the
 * agent showed (`File: <path>` lines) first, in its order; the others keep ripgrep's. Lines within
 * a file keep theirs (they are sorted by number anyway). A file the agent showed that was never
 * observed stays absent, so it still shows as a difference.
 * @see docs/spec/gemini-cli-0.61.0.md §7.3
 */
export function adoptGrepFileOrder(observation: Record<string, unknown>, agentText: string): Record<string, unknown> {
  if (!Array.isArray(observation.matches)) return observation;
  const rank = new Map<string, number>();
  for (const line of agentText.split("\n")) {
    if (!line.startsWith("File: ")) continue;
    const file = line.slice("File: ".length);
    if (!rank.has(file)) rank.set(file, rank.size);
  }
  const matches = (observation.matches as GrepSearchMatch[])
    .map((match, index) => ({ match, index, rank: rank.get(match.filePath) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.match);
  return { ...observation, matches };
}
