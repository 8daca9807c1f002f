import { UnsupportedError } from "../profile.js";

/**
 * Effect's file-system `SystemError` reason for an errno, as `@effect/platform-node` maps it.
 * @see the 1.18.33 binary (probes of 2026-12-01: ENOTDIR and EISDIR → BadResource, ENOENT → NotFound)
 */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "NotFound",
  EACCES: "PermissionDenied",
  EPERM: "PermissionDenied",
  EEXIST: "AlreadyExists",
  EISDIR: "BadResource",
  ENOTDIR: "BadResource",
  ELOOP: "BadResource",
  EBUSY: "Busy",
};

/**
 * The text a v1 tool fails with when an Effect `FileSystem` call fails:
 * `<Reason>: FileSystem.<method> (<path>)`, e.g. `BadResource: FileSystem.stat (/w/a.txt/x)`.
 * An errno outside the known map is not modelled (unsupported, naming it).
 * @see docs/unsupported-rules.md (v1 file-system errors); differential seeds 11, 5001
 */
export function effectFsErrorText(errno: string, method: string, path: string): string {
  const reason = REASONS[errno];
  if (reason === undefined) throw new UnsupportedError(`opencode-cli: Effect's SystemError reason for ${errno} (FileSystem.${method}) is not pinned`);
  return `${reason}: FileSystem.${method} (${path})`;
}

/** Node's own message for a failed `lstat` (what v1 edit shows for a path below a file). */
export function nodeLstatErrorText(errno: string, path: string): string {
  if (errno !== "ENOTDIR") throw new UnsupportedError(`opencode-cli edit: the lstat error text for ${errno} is not pinned`);
  return `ENOTDIR: not a directory, lstat '${path}'`;
}
