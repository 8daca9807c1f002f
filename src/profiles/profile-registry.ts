import { claudeCode } from "./claude-code/claude-code-profile.js";
import { codexCli } from "./codex-cli/codex-cli-profile.js";
import { geminiCli } from "./gemini-cli/gemini-cli-profile.js";
import { opencodeCli } from "./opencode-cli/opencode-cli-profile.js";
import { opencodeCore } from "./opencode-core/opencode-core-profile.js";
import type { Profile } from "./profile.js";

/** Profile ids correx ships (a profile registered at run time may have any other id). */
export type ProfileId = "opencode-core" | "opencode-cli" | "codex-cli" | "gemini-cli" | "claude-code";

/** The reference profiles correx ships, by id: the one place that names them. */
export const profiles: Readonly<Record<ProfileId, Profile>> = {
  "opencode-core": opencodeCore,
  "opencode-cli": opencodeCli,
  "codex-cli": codexCli,
  "gemini-cli": geminiCli,
  "claude-code": claudeCode,
};

/** Profiles added at run time (`registerProfile`), after the shipped ones. */
const registered = new Map<string, Profile>();

/**
 * The argument style a scenario is written in when it names none (schemas/scenario.json
 * `argumentStyle` default): the first scenarios were written for opencode-cli.
 */
export const DEFAULT_SCENARIO_STYLE: ProfileId = "opencode-cli";

/** Adds a profile (a plug-in, or a test's toy agent); its id must be new. */
export function registerProfile(profile: Profile): void {
  if (findProfile(profile.id) !== null) throw new Error(`a profile with id ${JSON.stringify(profile.id)} is registered already`);
  registered.set(profile.id, profile);
}

/** Every profile: the shipped ones in their order, then the registered ones. */
export function listProfiles(): Profile[] {
  return [...Object.values(profiles), ...registered.values()];
}

/** The profile with that id, or null. */
export function findProfile(id: string): Profile | null {
  return Object.hasOwn(profiles, id) ? profiles[id as ProfileId] : (registered.get(id) ?? null);
}
