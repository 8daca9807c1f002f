import { resolvePath } from "../../text/path-posix.js";
import { commandBytes, type EnvironmentPort } from "../environment-port.js";
import type { OpencodeRunContext } from "./opencode-runtime.js";
import { parseRipgrepFiles, parseRipgrepJson } from "./ripgrep-json.js";

type Observation = Record<string, unknown>;

/** ripgrep as opencode runs it: `rg` from PATH, stdout read as UTF-8, stderr ignored. */
async function ripgrep(environment: EnvironmentPort, args: string[], cwd: string): Promise<string> {
  const run = await environment.run({ file: "rg", args, cwd, env: environment.agentEnv, stderr: "ignore" });
  if (run.spawnError) throw new Error(`ripgrep could not be started: ${run.spawnError.message}`);
  return new TextDecoder().decode(commandBytes(run, "stdout"));
}

/**
 * glob: `rg --no-config --files --glob=<pattern> --glob=!**\/.git/** .` in the search directory,
 * every path made absolute, in ripgrep's order (all of them; the formatter applies the limit).
 * A search path that is not a directory is the tool's error.
 * @see spec §2.6, README "glob order"
 */
export async function runGlob(context: OpencodeRunContext): Promise<Observation> {
  const { input, environment } = context;
  if (typeof input.pattern !== "string") return {};
  const directory = resolvePath(environment.workspace, typeof input.path === "string" ? input.path : ".");
  if ((await environment.stat(directory)).kind !== "directory") return { error: `glob path must be a directory: ${directory}` };
  const output = await ripgrep(environment, ["--no-config", "--files", `--glob=${input.pattern}`, "--glob=!**/.git/**", "."], directory);
  return { paths: parseRipgrepFiles(output).map((path) => resolvePath(directory, path)) };
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
  const output = await ripgrep(environment, args, cwd);
  return { matches: parseRipgrepJson(output).map((match) => ({ ...match, path: resolvePath(cwd, match.path) })) };
}
