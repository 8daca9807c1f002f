/**
 * The process group id is a volatile value (redacted, spec §13), but its digits count toward the
 * 40,000-char cut (spec §2.4): a replay whose shell pid has one digit more than the agent's shifts
 * `[N characters omitted]` by one (observed: differential seed 28105, three calls under load). The
 * gate adopts the agent's own pid, read from its `Process Group PGID:` line, into the observation;
 * without such a line the replay's stays.
 * @see docs/spec/gemini-cli-0.61.0.md §2.3
 */
export function adoptShellPid(observation: Record<string, unknown>, agentText: string): Record<string, unknown> {
  if (typeof observation.pid !== "number") return observation;
  const found = [...agentText.matchAll(/Process Group PGID: (\d+)/g)].at(-1);
  return found ? { ...observation, pid: Number(found[1]) } : observation;
}
