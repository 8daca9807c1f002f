import type { Profile } from "../profiles/profile.js";

/** An x.y.z version as numbers, or null when it is not one. */
function parseVersion(version: string): number[] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : null;
}

/** Negative, zero or positive as `a` is below, equal to or above `b` (x.y.z, numerically). */
export function compareVersions(a: string, b: string): number {
  const [left, right] = [parseVersion(a), parseVersion(b)];
  if (!left || !right) throw new RangeError(`not an x.y.z version: ${left ? b : a}`);
  for (let index = 0; index < 3; index++) if (left[index] !== right[index]) return left[index]! - right[index]!;
  return 0;
}

/**
 * The one warning `correx gate` prints when the agent reports a version outside the range the
 * profile's end-to-end suite passed (`Profile.versions.verified`), or null: inside the range, no
 * version read from its request headers, or a profile that reads none.
 */
export function gateVersionWarning(profile: Profile, headers: Readonly<Record<string, string>>): string | null {
  const reported = profile.agentVersion?.(headers);
  if (reported === undefined || parseVersion(reported) === null) return null;
  const { from, to } = profile.versions.verified;
  if (compareVersions(reported, from) >= 0 && compareVersions(reported, to) <= 0) return null;
  const range = from === to ? from : `${from} to ${to}`;
  return `the agent reports version ${reported} (its User-Agent), outside the versions profile ${profile.id} is verified against (${range}); a difference may be a change in the agent, not a fault`;
}
