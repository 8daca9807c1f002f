import { utf8Length } from "../text/utf8-length.js";

/** A saved-output file name at a position: `/tool_<12 hex><14 base62>` (spec §3.1 id), not followed by another base62 character. */
const TOOL_ID_AT = /\/tool_[0-9a-f]{12}[0-9A-Za-z]{14}(?![0-9A-Za-z])/y;
/** A character no path in a result's JSON text holds (the end of a path). */
const PATH_END = /[\s"'\\<>]/;

/**
 * The directory the agent saved a full output in, read from the first saved-output path its tool
 * results name (null when none does). The reference saves its own files there, so the marker
 * `... output truncated; full content saved to <path> ...` has the same byte length on both sides:
 * v2 budgets the preview by `bytes(marker)`, so a path of another length moves the cut.
 * @see spec §3.2 (preview byte budget `maxBytes − bytes(marker) − 4`)
 */
export function agentOutputDirectory(fragments: readonly unknown[]): string | null {
  for (const fragment of fragments) {
    const directory = savedOutputDirectoryIn(JSON.stringify(fragment) ?? "");
    if (directory !== null) return directory;
  }
  return null;
}

/**
 * The first match's directory of `(\/[^\s"'\\<>]*)\/tool_<id>` in `text`, in time linear in its
 * length: that regex, run as is, backtracks from every `/` to the end of a run of path characters,
 * which is quadratic on base64 media (a 2.4 MB image: minutes). Only runs of path characters that
 * hold a `/tool_<id>` are looked at, each once: the match starts at the run's first `/` and,
 * greedy, ends at the run's last `/tool_<id>` after that `/`.
 */
export function savedOutputDirectoryIn(text: string): string | null {
  let at = text.indexOf("/tool_");
  while (at !== -1) {
    if (!idAt(text, at)) {
      at = text.indexOf("/tool_", at + 1);
      continue;
    }
    let start = at;
    while (start > 0 && !PATH_END.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && !PATH_END.test(text[end]!)) end++;
    const first = text.indexOf("/", start);
    let last = -1;
    for (let next = at; next !== -1 && next < end; next = text.indexOf("/tool_", next + 1)) {
      if (next > first && idAt(text, next)) last = next;
    }
    if (last !== -1) return text.slice(first, last);
    at = text.indexOf("/tool_", end);
  }
  return null;
}

function idAt(text: string, at: number): boolean {
  TOOL_ID_AT.lastIndex = at;
  return TOOL_ID_AT.test(text);
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
