import { opencodeCli } from "./opencode-cli/opencode-cli-profile.js";
import { opencodeCore } from "./opencode-core/opencode-core-profile.js";
import type { Profile, ProfileId } from "./profile.js";

/** The reference profiles correx ships, by id. */
export const profiles: Record<ProfileId, Profile> = {
  "opencode-core": opencodeCore,
  "opencode-cli": opencodeCli,
};

/** The profile with that id, or null. */
export function findProfile(id: string): Profile | null {
  return Object.hasOwn(profiles, id) ? profiles[id as ProfileId] : null;
}
