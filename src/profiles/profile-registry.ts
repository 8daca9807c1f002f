import { claudeCode } from "./claude-code/claude-code-profile.js";
import { codexCli } from "./codex-cli/codex-cli-profile.js";
import { geminiCli } from "./gemini-cli/gemini-cli-profile.js";
import { opencodeCli } from "./opencode-cli/opencode-cli-profile.js";
import { opencodeCore } from "./opencode-core/opencode-core-profile.js";
import type { Profile, ProfileId } from "./profile.js";

/** The reference profiles correx ships, by id. */
export const profiles: Record<ProfileId, Profile> = {
  "opencode-core": opencodeCore,
  "opencode-cli": opencodeCli,
  "codex-cli": codexCli,
  "gemini-cli": geminiCli,
  "claude-code": claudeCode,
};

/** The profile with that id, or null. */
export function findProfile(id: string): Profile | null {
  return Object.hasOwn(profiles, id) ? profiles[id as ProfileId] : null;
}
