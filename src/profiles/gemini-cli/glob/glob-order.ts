/**
 * The workspace a scenario starts with is written twice (the agent's copy, the reference's) with
 * its files in racing order, so their modification times order differently in each copy: among
 * files laid out with the workspace (`layout`), the gate adopts the agent's order (each gets its
 * rank in the agent's list); files the session wrote keep the reference's times, and the count,
 * the set and the texts stay the profile's. A file the agent listed that the reference did not
 * find stays absent.
 * @see docs/spec/gemini-cli-0.61.0.md §7.4
 */
export function adoptGlobOrder(observation: Record<string, unknown>, agentText: string): Record<string, unknown> {
  if (!Array.isArray(observation.files)) return observation;
  const rank = new Map<string, number>();
  for (const line of agentText.split("\n").slice(1)) if (line.startsWith("/") && !rank.has(line)) rank.set(line, rank.size);
  const files = (observation.files as { path: string; layout?: true }[]).map((file) => {
    const agentRank = file.layout ? rank.get(file.path) : undefined;
    return agentRank === undefined ? file : { ...file, agentRank };
  });
  return { ...observation, files };
}
