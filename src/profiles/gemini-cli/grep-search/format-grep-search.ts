import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
import { type GeminiPlace, geminiTempDirectory, outsideWorkspaceMessage, workspaceDirectoriesText } from "../gemini-workspace.js";
import { GREP_DEFAULT_MAX_MATCHES, type GrepSearchMatch } from "./grep-search-match.js";
import { grepSearchRefusal } from "./grep-search-refusal.js";

/** Code points a shown line keeps. @see spec §7.3 */
const MAX_LINE_LENGTH = 2000;

/**
 * grep_search's result: the schema's and the tool's own refusals, the search folder's checks,
 * then the matches grouped by file — files in the order ripgrep first reported them (a plain
 * object's key order, so integer-like names come first), lines by number, `L<n>:` for a match and
 * `L<n>-` for context, each line cut to 2,000 code points; or the sorted file names with
 * `names_only`; the cap noted when the match count reached it.
 * @see docs/spec/gemini-cli-0.61.0.md §7 [bundle: packages/core/src/tools/ripGrep.ts, grep-utils.ts formatGrepResults]
 */
export function formatGrepSearch(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("grep_search", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const params = geminiInput(callInput) as { pattern: string; dir_path?: string; include_pattern?: string; names_only?: boolean; total_max_matches?: number };
  const refusal = grepSearchRefusal(params);
  if (refusal !== null) return geminiError(refusal);
  const searchDir = typeof observation.searchDir === "string" ? observation.searchDir : "";
  switch (observation.kind) {
    case "outside":
      return geminiError(outsideWorkspaceMessage(searchDir, workspaceDirectoriesText(place), geminiTempDirectory(place.workspace, place.home)));
    case "missing":
      return geminiError(`Path does not exist: ${searchDir}`);
    case "other":
      return params.dir_path ? geminiError(`Path is not a valid directory or file: ${searchDir}`) : geminiOutput(`Path is not a valid directory or file: ${searchDir}`);
    case "no-ripgrep":
      throw new UnsupportedError("grep_search: without ripgrep the CLI registers its GrepTool fallback (git grep, system grep or a JavaScript scan), which is not modelled");
    case "ripgrep-failed":
      throw new UnsupportedError("grep_search: a ripgrep failure (a pattern JavaScript accepts and ripgrep refuses) is not modelled");
    case "cap-race":
      throw new UnsupportedError(
        "grep_search: with 1 to 3 matches kept by total_max_matches out of several files, the context search runs on the files ripgrep's threads reported first (a race, spec §7.2, §7.3), which is not modelled",
      );
    case "searched":
      break;
    default:
      throw new UnsupportedError("grep_search: the observation lacks the search outcome");
  }
  const matches = (Array.isArray(observation.matches) ? observation.matches : []) as GrepSearchMatch[];
  return geminiOutput(grepResultText(matches, params, `in path "${params.dir_path || "."}"`, params.total_max_matches ?? GREP_DEFAULT_MAX_MATCHES));
}

/** The result text for the final matches. @see spec §7.3 */
export function grepResultText(matches: readonly GrepSearchMatch[], params: { pattern: string; include_pattern?: string; names_only?: boolean }, location: string, cap: number): string {
  const filter = params.include_pattern ? ` (filter: "${params.include_pattern}")` : "";
  if (matches.length === 0) return `No matches found for pattern "${params.pattern}" ${location}${filter}.`;
  // A plain object, as the CLI groups them: its key order is the order the files are shown in.
  const byFile: Record<string, GrepSearchMatch[]> = {};
  for (const match of matches) {
    if (!Object.hasOwn(byFile, match.filePath)) byFile[match.filePath] = [];
    byFile[match.filePath]!.push(match);
  }
  for (const file of Object.keys(byFile)) byFile[file]!.sort((a, b) => a.lineNumber - b.lineNumber);
  const count = matches.filter((match) => !match.isContext).length;
  const limited = count >= cap ? ` (results limited to ${cap} matches for performance)` : "";
  if (params.names_only) {
    const files = Object.keys(byFile).sort();
    return `Found ${files.length} files with matches for pattern "${params.pattern}" ${location}${filter}${limited}:\n${files.join("\n")}`.trim();
  }
  let text = `Found ${count} ${count === 1 ? "match" : "matches"} for pattern "${params.pattern}" ${location}${filter}${limited}:\n---\n`;
  for (const file of Object.keys(byFile)) {
    text += `File: ${file}\n`;
    for (const match of byFile[file]!) {
      let line = match.line.trimEnd();
      const codePoints = Array.from(line);
      if (codePoints.length > MAX_LINE_LENGTH) line = `${codePoints.slice(0, MAX_LINE_LENGTH).join("")}... [truncated]`;
      text += `L${match.lineNumber}${match.isContext ? "-" : ":"} ${line}\n`;
    }
    text += "---\n";
  }
  return text.trim();
}
