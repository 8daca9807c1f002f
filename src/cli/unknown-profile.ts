import type { Profile } from "../profiles/profile.js";
import { listProfiles } from "../profiles/profile-registry.js";
import { closest } from "./schema-suggestions.js";
import { UsageError } from "./usage-error.js";

/**
 * The ids a mistyped profile id most likely meant: every id that contains it ("claude" →
 * claude-code, "opencode" → both opencode profiles), else the closest typo ("codex-clu").
 */
export function profileSuggestions(given: string, known: readonly string[]): string[] {
  const lower = given.trim().toLowerCase();
  if (lower === "") return [];
  const containing = known.filter((id) => id.toLowerCase().includes(lower));
  if (containing.length > 0) return containing;
  const typo = closest(lower, known);
  return typo === null ? [] : [typo];
}

/**
 * The one line for an unknown profile id: `<command>: unknown <flag> "<given>" (did you mean …?); known: …`.
 * `known` defaults to every registered profile (preview passes the profiles it can show).
 */
export function unknownProfileError(command: string, given: string, options: { flag?: string; known?: readonly string[] } = {}): UsageError {
  const known = options.known ?? listProfiles().map((profile) => profile.id);
  const near = profileSuggestions(given, known);
  const hint = near.length === 0 ? "" : ` (did you mean ${near.map((id) => JSON.stringify(id)).join(" or ")}?)`;
  return new UsageError(`correx ${command}: unknown ${options.flag ?? "--profile"} ${JSON.stringify(given)}${hint}; known: ${known.join(", ")}`);
}

/** Whether a profile speaks a protocol given on the command line. */
export function speaks(profile: Pick<Profile, "protocols">, protocol: string): boolean {
  return (profile.protocols as readonly string[]).includes(protocol);
}

/** The one line for a protocol none of `profiles` speaks: `<command>: <id> speaks …, not --protocol <protocol><suffix>`. */
export function unspokenProtocolError(command: string, profiles: readonly Pick<Profile, "id" | "protocols">[], protocol: string, suffix = ""): UsageError {
  const spoken = profiles.map((profile) => `${profile.id} speaks ${profile.protocols.join(", ")}`).join("; ");
  return new UsageError(`correx ${command}: ${spoken}, not --protocol ${protocol}${suffix}`);
}
