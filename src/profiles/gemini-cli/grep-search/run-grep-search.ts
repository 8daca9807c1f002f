import { resolvePath } from "../../../text/path-posix.js";
import { commandBytes, type EnvironmentPort } from "../../environment-port.js";
import { findOnPath } from "../../find-on-path.js";
import { geminiDiscoveryFacts } from "../files/gemini-file-discovery.js";
import { filterGeminiIgnored } from "../files/gemini-ignore-filter.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";
import { workspaceViolation } from "../gemini-workspace.js";
import { capGrepMatches, GREP_DEFAULT_MAX_MATCHES, type GrepSearchMatch, ripgrepMatches } from "./grep-search-match.js";
import { grepSearchRefusal } from "./grep-search-refusal.js";

/** Globs the CLI always excludes: its core ignore patterns, then the common build folders, logs and temp files. @see spec §7.2 */
const EXCLUDED_GLOBS = [
  "**/node_modules/**",
  "**/.git/**",
  "**/bower_components/**",
  "**/.svn/**",
  "**/.hg/**",
  "**/.vscode/**",
  "**/.idea/**",
  "**/dist/**",
  "**/build/**",
  "**/coverage/**",
  "**/__pycache__/**",
  "*.log",
  "*.tmp",
];

/** The parameters a grep_search call may carry (declared, and the undeclared ones the CLI still reads). */
interface GrepParams {
  pattern: string;
  dir_path?: string;
  include_pattern?: string;
  exclude_pattern?: string;
  names_only?: boolean;
  max_matches_per_file?: number;
  total_max_matches?: number;
  case_sensitive?: boolean;
  fixed_strings?: boolean;
  context?: number;
  after?: number;
  before?: number;
  no_ignore?: boolean;
}

/**
 * grep_search with the ripgrep strategy (the CLI finds `rg` on PATH in a trusted system folder):
 * the refusals of its parameter checks, then ripgrep run as the CLI runs it (`--json`,
 * `--ignore-case` unless case-sensitive, the always-excluded globs, `.geminiignore` as an ignore
 * file, `--threads 4`), its events parsed, `exclude_pattern` and the match cap applied; with 1 to
 * 3 matches (and no names_only or context asked for) ripgrep runs again on the matched files with
 * 50 (one match) or 15 lines of context. The observation holds the matches in ripgrep's order.
 * @see docs/spec/gemini-cli-0.61.0.md §7.1, §7.2 [bundle: packages/core/src/tools/ripGrep.ts]
 */
export async function runGrepSearch(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (geminiParamsError("grep_search", callInput) !== null) return {};
  const params = geminiInput(callInput) as unknown as GrepParams;
  if (grepSearchRefusal(params) !== null) return {};
  const requested = resolvePath(environment.workspace, params.dir_path || ".");
  const searchDir = (await environment.stat(requested)).realPath ?? requested;
  if (workspaceViolation(searchDir, environment) !== null) return { searchDir, kind: "outside" };
  const stat = await environment.stat(searchDir);
  if (stat.kind === "missing") return { searchDir, kind: "missing" };
  if (stat.kind === "other") return { searchDir, kind: "other" };
  const rg = await findOnPath(environment, "rg");
  if (rg === undefined) return { searchDir, kind: "no-ripgrep" };
  const geminiIgnore = `${environment.workspace}/.geminiignore`;
  const ignoreFiles = (await environment.stat(geminiIgnore)).kind === "file" ? [geminiIgnore] : [];
  const maxMatches = params.total_max_matches ?? GREP_DEFAULT_MAX_MATCHES;
  const exclude = params.exclude_pattern ? new RegExp(params.exclude_pattern, params.case_sensitive ? "" : "i") : null;
  const search = async (paths: string[], context: number | undefined): Promise<GrepSearchMatch[] | { failure: string }> => {
    const run = await environment.run({ file: rg, args: ripgrepArgs(params, context, ignoreFiles, paths), cwd: environment.workspace, env: environment.agentEnv, readOnly: true });
    if (run.exitCode !== 0 && run.exitCode !== 1) return { failure: new TextDecoder().decode(commandBytes(run, "stderr")) || `exit ${run.exitCode}` };
    return ripgrepMatches(new TextDecoder().decode(commandBytes(run, "stdout")), searchDir, exclude, Number.POSITIVE_INFINITY);
  };
  const found = await search([searchDir], params.context);
  if ("failure" in found) return { searchDir, kind: "ripgrep-failed", failure: found.failure };
  // Then the CLI's own file discovery drops the files it ignores (the `ignore` package: case-insensitive,
  // anchored at the workspace), which ripgrep's --ignore-file read otherwise. §7.2
  const allowed = params.no_ignore ? (list: GrepSearchMatch[]) => list : await discoveryFilter(environment);
  const all = allowed(found);
  let matches = allowed(capGrepMatches(found, maxMatches));
  // Cut by the cap with matches in several files: which files ripgrep's threads reported first is a race (§7.3).
  const raced = capGrepMatches(found, maxMatches).length < found.length && new Set(found.map((match) => match.absolutePath)).size > 1;
  const count = matches.filter((match) => !match.isContext).length;
  let autoContext: number | undefined;
  if (count >= 1 && count <= 3 && !params.names_only && params.context === undefined && params.before === undefined && params.after === undefined) {
    autoContext = count === 1 ? 50 : 15;
    const files = [...new Set(matches.map((match) => match.absolutePath))];
    const enriched = await search(files, autoContext);
    if ("failure" in enriched) return { searchDir, kind: "ripgrep-failed", failure: enriched.failure };
    matches = allowed(capGrepMatches(enriched, maxMatches));
    // the context search ran on the files the race kept: not reproducible from another selection
    if (raced) return { searchDir, kind: "cap-race" };
  }
  return { searchDir, kind: "searched", matches, ...(raced ? { uncapped: all, maxMatches } : {}), ...(autoContext === undefined ? {} : { autoContext }) };
}

/**
 * The CLI's filter of ripgrep's matches (`fileDiscoveryService.filterFiles` on the matched files,
 * absolute): a file the workspace's `.geminiignore` drops is left out, as list_directory and glob
 * leave it out (§4.1); paths outside the workspace are kept.
 * @see docs/spec/gemini-cli-0.61.0.md §7.2 [bundle: ripGrep.ts `GrepToolInvocation.execute`, `enrichWithRipgrepAutoContext`] [observed: gemini-unseen2-ignore-files, gemini-unseen2-grep-ignore-lf]
 */
async function discoveryFilter(environment: EnvironmentPort): Promise<(matches: GrepSearchMatch[]) => GrepSearchMatch[]> {
  const { geminiIgnore } = await geminiDiscoveryFacts(environment);
  const prefix = `${environment.workspace}/`;
  const relative = (absolute: string) => (absolute.startsWith(prefix) ? absolute.slice(prefix.length) : `../${absolute}`);
  return (matches) => {
    const files = [...new Set(matches.map((match) => relative(match.absolutePath)))];
    const kept = new Set(filterGeminiIgnored(files, geminiIgnore, true).kept);
    return matches.filter((match) => kept.has(relative(match.absolutePath)));
  };
}

/** ripgrep's arguments, in the CLI's order. @see spec §7.2 */
function ripgrepArgs(params: GrepParams, context: number | undefined, ignoreFiles: readonly string[], paths: readonly string[]): string[] {
  const args = ["--json"];
  if (!params.case_sensitive) args.push("--ignore-case");
  if (params.fixed_strings) args.push("--fixed-strings");
  args.push("--regexp", params.pattern);
  if (context) args.push("--context", String(context));
  if (params.after) args.push("--after-context", String(params.after));
  if (params.before) args.push("--before-context", String(params.before));
  if (params.no_ignore) args.push("--no-ignore");
  if (params.max_matches_per_file) args.push("--max-count", String(params.max_matches_per_file));
  if (params.include_pattern) args.push("--glob", params.include_pattern);
  if (!params.no_ignore) {
    for (const glob of EXCLUDED_GLOBS) args.push("--glob", `!${glob}`);
    for (const file of ignoreFiles) args.push("--ignore-file", file);
  }
  args.push("--threads", "4", ...paths);
  return args;
}
