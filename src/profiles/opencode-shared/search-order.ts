/**
 * glob and grep return matches in ripgrep's traversal order, which is not deterministic (and with
 * more than 100 matches, which 100 are kept can vary). The gate therefore adopts the agent's
 * order: observed matches the agent listed come first, in its order; the rest keep ripgrep's.
 * A path the agent listed that was never observed stays absent, so it still shows as a difference.
 * read's "Did you mean" suggestions follow the parent folder's listing order, another order of the
 * file system and not of opencode: adopted the same way.
 * @see spec §2.2 (missing file), §2.5, §2.6; README "glob order"
 */
export function alignSearchObservation(tool: string, observation: Record<string, unknown>, agentText: string): Record<string, unknown> {
  if (tool === "glob" && Array.isArray(observation.paths)) {
    const paths = observation.paths as string[];
    const rank = rankOf(agentText.split("\n"));
    return { ...observation, paths: stableSortBy(paths, (path) => rank.get(path)) };
  }
  if (tool === "grep" && Array.isArray(observation.matches)) {
    const matches = observation.matches as { path: string; line: number }[];
    const headers = agentText
      .split("\n")
      .filter((line) => line.startsWith("/") && line.endsWith(":"))
      .map((line) => line.slice(0, -1));
    const rank = rankOf(headers);
    return { ...observation, matches: stableSortBy(matches, (match) => rank.get(match.path)) };
  }
  if (tool === "read" && observation.kind === "missing" && Array.isArray(observation.siblings)) {
    // the suggestions are the parent's entries in the file system's listing order, which differs between two copies of a folder (seed 6001)
    const names = agentText.split("\n").map((line) => line.slice(line.lastIndexOf("/") + 1));
    const rank = rankOf(names);
    return { ...observation, siblings: stableSortBy(observation.siblings as string[], (name) => rank.get(name)) };
  }
  return observation;
}

function rankOf(items: readonly string[]): Map<string, number> {
  const rank = new Map<string, number>();
  for (const item of items) if (!rank.has(item)) rank.set(item, rank.size);
  return rank;
}

/** Items with a rank first (ascending), then the unranked ones, each group in its original order. */
function stableSortBy<T>(items: readonly T[], rankOfItem: (item: T) => number | undefined): T[] {
  return items
    .map((item, index) => ({ item, index, rank: rankOfItem(item) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}
