import { resolvePath } from "../../text/path-posix.js";
import { commandBytes, type EnvironmentPort } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import type { OpencodeRunContext } from "./opencode-runtime.js";
import { parseRipgrepFiles, parseRipgrepJson } from "./ripgrep-json.js";

type Observation = Record<string, unknown>;

/** ripgrep as opencode runs it: `rg` from PATH, stdout read as UTF-8; its exit code kept (2: an error such as an invalid glob). */
async function ripgrep(environment: EnvironmentPort, args: string[], cwd: string): Promise<{ stdout: string; exitCode: number | null }> {
  const run = await environment.run({ file: "rg", args, cwd, env: environment.agentEnv, stderr: "ignore" });
  if (run.spawnError) throw new Error(`ripgrep could not be started: ${run.spawnError.message}`);
  return { stdout: new TextDecoder().decode(commandBytes(run, "stdout")), exitCode: run.exitCode };
}

/**
 * glob: `rg --no-config --files --glob=<pattern> --glob=!**\/.git/** .` in the search directory,
 * every path made absolute, in ripgrep's order (all of them; the formatter applies the limit).
 * A search path that is not a directory is the tool's error: v1 `glob path must be a directory:
 * <path>`, v2 `Unable to find files matching <pattern>` — v2's text for a ripgrep error too (exit
 * code 2, e.g. an invalid glob); what v1 makes of a ripgrep error is not modelled.
 * @see spec §2.6, README "glob order"; differential campaign seed 12 (v2 texts)
 */
export async function runGlob(context: OpencodeRunContext): Promise<Observation> {
  const { input, environment } = context;
  if (typeof input.pattern !== "string") return {};
  const directory = resolvePath(environment.workspace, typeof input.path === "string" ? input.path : ".");
  const unable = { error: `Unable to find files matching ${input.pattern}` };
  if ((await environment.stat(directory)).kind !== "directory") return context.runtime === "v2" ? unable : { error: `glob path must be a directory: ${directory}` };
  const { stdout, exitCode } = await ripgrep(environment, ["--no-config", "--files", `--glob=${input.pattern}`, "--glob=!**/.git/**", "."], directory);
  if (exitCode === 2 && stdout === "") {
    if (context.runtime === "v2") return unable;
    throw new UnsupportedError("opencode-cli glob: what a ripgrep error (exit code 2, e.g. an invalid glob) becomes is not modelled");
  }
  return { paths: parseRipgrepFiles(stdout).map((path) => resolvePath(directory, path)) };
}

/**
 * grep: `rg --no-config --json --hidden --no-messages [--glob=<include>] --glob=!**\/.git/** --
 * <pattern> <.|file>`, every match with its absolute path, line number and `lines.text`
 * (terminator included), in ripgrep's order.
 * @see spec §2.5, README "grep"
 */
export async function runGrep(context: OpencodeRunContext): Promise<Observation> {
  const { input, environment } = context;
  if (typeof input.pattern !== "string") return {};
  const target = resolvePath(environment.workspace, typeof input.path === "string" ? input.path : ".");
  const isFile = (await environment.stat(target)).kind === "file";
  const cwd = isFile ? resolvePath(target, "..") : target;
  const args = ["--no-config", "--json", "--hidden", "--no-messages"];
  if (typeof input.include === "string") args.push(`--glob=${input.include}`);
  args.push("--glob=!**/.git/**", "--", input.pattern, isFile ? target : ".");
  if ((await environment.stat(cwd)).kind === "missing") return { matches: [] };
  const { stdout, exitCode } = await ripgrep(environment, args, cwd);
  if (exitCode === 2 && stdout === "")
    throw new UnsupportedError(`${context.runtime === "v2" ? "opencode-core" : "opencode-cli"} grep: what a ripgrep error (exit code 2, e.g. an invalid regex) becomes is not modelled`);
  return { matches: parseRipgrepJson(stdout).map((match) => ({ ...match, path: resolvePath(cwd, match.path) })) };
}
