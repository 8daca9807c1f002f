import { utf8Length } from "../text/utf8-length.js";

/** An absolute path to a saved-output file `tool_<12 hex><14 base62>` (spec §3.1 id), capturing its directory. */
const SAVED_OUTPUT = /(\/[^\s"'\\<>]*)\/tool_[0-9a-f]{12}[0-9A-Za-z]{14}(?![0-9A-Za-z])/;

/**
 * The directory the agent saved a full output in, read from the first saved-output path its tool
 * results name (null when none does). The reference saves its own files there, so the marker
 * `... output truncated; full content saved to <path> ...` has the same byte length on both sides:
 * v2 budgets the preview by `bytes(marker)`, so a path of another length moves the cut.
 * @see spec §3.2 (preview byte budget `maxBytes − bytes(marker) − 4`)
 */
export function agentOutputDirectory(fragments: readonly unknown[]): string | null {
  for (const fragment of fragments) {
    const match = SAVED_OUTPUT.exec(JSON.stringify(fragment) ?? "");
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Where the reference saves its full outputs in a gate run: always inside the run directory, never
 * in the agent's own folder (which may be anywhere). When the agent saved outputs, the folder's
 * path is given the same length in bytes as the agent's (`<run>/ref-output___…`), so the v2
 * marker — and so the preview budget — is the same on both sides; redaction then makes the two
 * paths equal. When the run directory's path is already too long for that, the plain run-local
 * folder is used.
 */
export function mirrorOutputDirectory(agentDirectory: string | null, runDirectory: string): string {
  const plain = `${runDirectory}/ref-output`;
  if (agentDirectory === null) return plain;
  const missing = utf8Length(agentDirectory) - utf8Length(plain);
  return missing >= 0 ? plain + "_".repeat(missing) : plain;
}
