import { dirnamePath, resolvePath } from "../../text/path-posix.js";
import { commandBytes, type EnvironmentPort } from "../environment-port.js";
import { findOnPath } from "../find-on-path.js";
import { type OpencodeRunContext, V2_DEFECT_PREFIX } from "./opencode-runtime.js";
import { parseRipgrepFiles, parseRipgrepJson, ripgrepServiceFailure } from "./ripgrep-json.js";

type Observation = Record<string, unknown>;

/**
 * ripgrep as opencode runs it: `rg` from PATH, stdout read as UTF-8, its exit code and stderr
 * kept (2: an error such as an invalid regex or glob). A folder that does not exist cannot be
 * its working directory: `cwdMissing`.
 */
async function ripgrep(environment: EnvironmentPort, args: string[], cwd: string): Promise<{ stdout: string; stderr: string; exitCode: number | null; cwdMissing?: true }> {
  if ((await environment.stat(cwd)).kind !== "directory") return { stdout: "", stderr: "", exitCode: null, cwdMissing: true };
  const run = await environment.run({ file: "rg", args, cwd, env: environment.agentEnv, stderr: "separate" });
  if (run.spawnError) throw new Error(`ripgrep could not be started: ${run.spawnError.message}`);
  const decode = (stream: "stdout" | "stderr") => new TextDecoder().decode(commandBytes(run, stream));
  return { stdout: decode("stdout"), stderr: decode("stderr"), exitCode: run.exitCode };
}

/** ripgrep's own words for a bad regex (the service's `InvalidPatternError` test). @see the 1.18.33 bundle, `@opencode/v2/Ripgrep` */
const isRegexError = (stderr: string) => stderr.includes("regex parse error") || stderr.includes("error parsing regex");

/**
 * glob: `rg --no-config --files --glob=<pattern> --glob=!**\/.git/** .` in the search directory,
 * every path made absolute, in ripgrep's order (all of them; the formatter applies the limit).
 * A search path that is not a directory is the tool's error: v1 `glob path must be a directory:
 * <path>` for a file and `ripgrep execution failed` for a missing one; v2 `Unable to find files matching <pattern>` when missing, a defect when a file (ripgrep
 * is spawned there). A ripgrep error (exit code 2, e.g. an invalid glob) keeps whatever it printed.
 * @see spec §2.6, README "glob order"; differential campaign seed 12 (v2 texts)
 */
export async function runGlob(context: OpencodeRunContext): Promise<Observation> {
  const { input, environment } = context;
  if (typeof input.pattern !== "string") return {};
  const directory = resolvePath(environment.workspace, typeof input.path === "string" ? input.path : ".");
  const unable = { error: `Unable to find files matching ${input.pattern}` };
  const kind = (await environment.stat(directory)).kind;
  // v1 refuses a path that is not a folder; a missing one reaches ripgrep's spawn, which fails (the binary: seed 7001)
  if (context.runtime === "v1" && kind === "missing") return { error: "ripgrep execution failed" };
  if (context.runtime === "v1" && kind !== "directory") return { error: `glob path must be a directory: ${directory}` };
  // v2 spawns ripgrep in the path itself: a file there makes the spawn throw, a defect (the binary: seed 6002)
  if (kind === "file" || kind === "other") return { error: `${V2_DEFECT_PREFIX}ENOTDIR: not a directory, posix_spawn '${(await findOnPath(environment, "rg")) ?? "rg"}'` };
  if (kind !== "directory") return unable;
  const { stdout, exitCode } = await ripgrep(environment, ["--no-config", "--files", `--glob=${input.pattern}`, "--glob=!**/.git/**", "."], directory);
  // ripgrep's exit 2 is the service's `partial`: what it printed is kept (the binary, both runtimes: glob `[` → `No files found`, seed 6002)
  if (exitCode !== 0 && exitCode !== 1 && exitCode !== 2) return context.runtime === "v2" ? unable : { error: "ripgrep execution failed" };
  return { paths: parseRipgrepFiles(stdout).map((path) => resolvePath(directory, path)) };
}

/**
 * grep: `rg --no-config --json --hidden --no-messages [--glob=<include>] --glob=!**\/.git/** --
 * <pattern> <target>` in a search folder, every match with its absolute path, line number and
 * `lines.text` (terminator included), in ripgrep's order. The ripgrep service's rules: exit 2
 * with a regex error on stderr fails with stderr trimmed; any other exit 2 keeps the matches
 * printed; a search folder that does not exist fails; so does output the service cannot decode
 * (a match that is not UTF-8 text, a record over 64 KiB: `ripgrepServiceFailure`).
 *
 * v1: the search folder is `path` when it is a directory, else its parent — a file path searches
 * every file beside it (the binary: `path: sub/b.txt` lists `sub/c.txt` too), a missing one its
 * parent; failures read as the error's message (stderr, or `ripgrep execution failed`).
 *
 * v2: a file path searches that file alone (`file` = its name, in its folder), a missing path its
 * parent; every failure is `Unable to grep for <pattern>`.
 * @see spec §2.5, README "grep"; the 1.18.33 bundle (v1 grep tool, v2 GrepTool, `@opencode/v2/Ripgrep`); probes of 2026-12-01 and differential seeds 424242, 5001
 */
export async function runGrep(context: OpencodeRunContext): Promise<Observation> {
  const { input, environment, runtime } = context;
  if (typeof input.pattern !== "string") return {};
  const target = resolvePath(environment.workspace, typeof input.path === "string" ? input.path : ".");
  const kind = (await environment.stat(target)).kind;
  const cwd = kind === "directory" ? target : dirnamePath(target);
  const file = runtime === "v2" && kind === "file" ? target.slice(cwd === "/" ? 1 : cwd.length + 1) : ".";
  const args = ["--no-config", "--json", "--hidden", "--no-messages"];
  if (typeof input.include === "string") args.push(`--glob=${input.include}`);
  args.push("--glob=!**/.git/**", "--", input.pattern, file);
  const { stdout, stderr, exitCode, cwdMissing } = await ripgrep(environment, args, cwd);
  const failure = cwdMissing
    ? "ripgrep execution failed"
    : exitCode === 2 && isRegexError(stderr)
      ? stderr.trim()
      : exitCode !== 0 && exitCode !== 1 && exitCode !== 2
        ? stderr.trim() || `ripgrep failed with code ${exitCode}`
        : undefined;
  const limit = runtime === "v1" ? 100 : typeof input.limit === "number" ? input.limit : Number.MAX_SAFE_INTEGER;
  const unreadable = failure === undefined && exitCode !== 1 ? ripgrepServiceFailure(stdout, limit) : undefined;
  if (failure !== undefined || unreadable !== undefined) return { error: runtime === "v2" ? `Unable to grep for ${input.pattern}` : (failure ?? unreadable) };
  return { matches: exitCode === 1 ? [] : parseRipgrepJson(stdout).map((match) => ({ ...match, path: resolvePath(cwd, match.path) })) };
}
