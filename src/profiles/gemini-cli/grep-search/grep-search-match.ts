import { basenamePath, relativePath, resolvePath } from "../../../text/path-posix.js";

/** Matches grep_search returns unless `total_max_matches` says otherwise. @see spec §7.2 */
export const GREP_DEFAULT_MAX_MATCHES = 100;

/** One line grep_search reports: a match, or a context line around one. */
export interface GrepSearchMatch {
  /** The path shown: relative to the search folder (its base name when that is the file itself). */
  filePath: string;
  absolutePath: string;
  lineNumber: number;
  /** The line's text without trailing whitespace. */
  line: string;
  isContext: boolean;
}

/**
 * The matches ripgrep's `--json` output reports, in its order: `match` and `context` events whose
 * path and lines are UTF-8 text (events carrying `bytes` instead are dropped), paths outside
 * `basePath` dropped; lines matching `exclude` skipped; reading stops once `maxMatches` matches
 * (context lines not counted) were kept.
 * @see docs/spec/gemini-cli-0.61.0.md §7.2 [bundle: packages/core/src/tools/ripGrep.ts performRipgrepSearch, parseRipgrepJsonLine]
 */
export function ripgrepMatches(jsonLines: string, basePath: string, exclude: RegExp | null, maxMatches: number): GrepSearchMatch[] {
  const matches: GrepSearchMatch[] = [];
  let found = 0;
  for (const line of jsonLines.split("\n")) {
    const match = parseEvent(line, basePath);
    if (match === null) continue;
    if (exclude?.test(match.line)) continue;
    matches.push(match);
    if (!match.isContext) found++;
    if (found >= maxMatches) break;
  }
  return matches;
}

function parseEvent(line: string, basePath: string): GrepSearchMatch | null {
  let event: { type?: string; data?: { path?: { text?: string }; lines?: { text?: string }; line_number?: number } };
  try {
    event = JSON.parse(line);
  } catch {
    return null;
  }
  if (event.type !== "match" && event.type !== "context") return null;
  const path = event.data?.path?.text;
  const text = event.data?.lines?.text;
  if (!path || !text) return null;
  const absolutePath = resolvePath(basePath, path);
  const relative = relativePath(basePath, absolutePath);
  if (relative === ".." || relative.startsWith("../")) return null;
  return {
    absolutePath,
    filePath: relative === "" || relative === "." ? basenamePath(absolutePath) : relative,
    lineNumber: event.data?.line_number ?? 0,
    line: text.trimEnd(),
    isContext: event.type === "context",
  };
}

/** The first matches up to the `maxMatches`-th match (context lines not counted), as the CLI stops reading. @see spec §7.2 */
export function capGrepMatches(matches: readonly GrepSearchMatch[], maxMatches: number): GrepSearchMatch[] {
  const kept: GrepSearchMatch[] = [];
  let found = 0;
  for (const match of matches) {
    if (found >= maxMatches) break;
    kept.push(match);
    if (!match.isContext) found++;
  }
  return kept;
}
