import { relativePath } from "../../../text/path-posix.js";
import { UnsupportedError } from "../../profile.js";
import { filterGeminiIgnored } from "../files/gemini-ignore-filter.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
import { type GeminiPlace, geminiTempDirectory, outsideWorkspaceMessage, workspaceDirectoriesText } from "../gemini-workspace.js";

/** Files changed within this long are listed newest first; older ones by path. @see spec §7.4 */
const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * glob's result: the refusals of its parameter checks, then the matched files less the ignored
 * ones (counted), sorted — files changed within the last 24 hours first, newest first, then the
 * others by `localeCompare` of their paths — as absolute paths, or the no-match text.
 * @see docs/spec/gemini-cli-0.61.0.md §7.4 [bundle: packages/core/src/tools/glob.ts GlobToolInvocation.execute, sortFileEntries]
 */
export function formatGlob(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("glob", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const params = geminiInput(callInput) as { pattern: string; respect_git_ignore?: boolean; respect_gemini_ignore?: boolean };
  const searchDir = typeof observation.searchDir === "string" ? observation.searchDir : "";
  switch (observation.kind) {
    case "outside":
      return geminiError(outsideWorkspaceMessage(searchDir, workspaceDirectoriesText(place), geminiTempDirectory(place.workspace, place.home)));
    case "missing":
      return geminiError(`Search path does not exist ${searchDir}`);
    case "not-directory":
      return geminiError(`Search path is not a directory: ${searchDir}`);
    case "empty-pattern":
      return geminiError("The 'pattern' parameter cannot be empty.");
    case "unmodelled-pattern":
      throw new UnsupportedError("glob: absolute patterns and patterns climbing out with `..` (node-glob walks there) are not modelled");
    case "searched":
      break;
    default:
      throw new UnsupportedError("glob: the observation lacks the search outcome");
  }
  if (observation.gitRepository === true) throw new UnsupportedError("glob: .gitignore filtering inside a git repository is not modelled");
  if (observation.symlinks === true) throw new UnsupportedError("glob: symbolic links below the search folder (node-glob's follow: false, the discovery's link checks) are not modelled");
  const files = (Array.isArray(observation.files) ? observation.files : []) as { path: string; mtimeMs: number; agentRank?: number }[];
  const patterns = (Array.isArray(observation.geminiIgnore) ? observation.geminiIgnore : []) as string[];
  const relative = files.map((file) => relativePath(place.workspace, file.path));
  const { kept, ignoredCount } = filterGeminiIgnored(relative, patterns, params.respect_gemini_ignore ?? true);
  const keptSet = new Set(kept);
  const shown = files.filter((_, index) => keptSet.has(relative[index]!));
  const within = ` within ${searchDir}`;
  if (shown.length === 0) return geminiOutput(`No files found matching pattern "${params.pattern}"${within}${ignoredCount > 0 ? ` (${ignoredCount} files were ignored)` : ""}`);
  const now = typeof observation.now === "number" ? observation.now : Date.now();
  const sorted = [...shown].sort((a, b) => {
    const aRecent = now - a.mtimeMs < RECENT_MS;
    const bRecent = now - b.mtimeMs < RECENT_MS;
    // two laid-out files: the agent's order, adopted (their times are a race of the layout, §7.4)
    if (aRecent && bRecent) return a.agentRank !== undefined && b.agentRank !== undefined ? a.agentRank - b.agentRank : b.mtimeMs - a.mtimeMs;
    if (aRecent) return -1;
    if (bRecent) return 1;
    return a.path.localeCompare(b.path);
  });
  const ignored = ignoredCount > 0 ? ` (${ignoredCount} additional files were ignored)` : "";
  return geminiOutput(`Found ${sorted.length} file(s) matching "${params.pattern}"${within}${ignored}, sorted by modification time (newest first):\n${sorted.map((file) => file.path).join("\n")}`);
}
