import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseRipgrepFiles, parseRipgrepJson } from "./observe-ripgrep-json.js";

type Observation = Record<string, unknown>;

/** Runs ripgrep with `args` in `cwd`; rejects when rg is missing. Exit 1 (no match) is not an error. */
function runRipgrep(args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn("rg", args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", fail);
    child.on("close", () => done(Buffer.concat(chunks).toString("utf8")));
  });
}

/** Whether `rg` can be run here. */
export async function ripgrepAvailable(): Promise<boolean> {
  try {
    await runRipgrep(["--version"], process.cwd());
    return true;
  } catch {
    return false;
  }
}

/**
 * glob's observation: `rg --no-config --files --glob=<pattern> --glob=!**\/.git/** .` in the
 * search directory, every path made absolute, in ripgrep's order (all of them; the profile
 * applies the 100 limit).
 * @see spec §2.6 v1, README "glob order"
 */
export async function observeGlob(input: Record<string, unknown>, workspace: string): Promise<Observation> {
  const directory = resolve(workspace, typeof input.path === "string" ? input.path : ".");
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return { error: `glob path must be a directory: ${directory}` };
  const pattern = typeof input.pattern === "string" ? input.pattern : "";
  const output = await runRipgrep(["--no-config", "--files", `--glob=${pattern}`, "--glob=!**/.git/**", "."], directory);
  return { paths: parseRipgrepFiles(output).map((path) => resolve(directory, path)) };
}

/**
 * grep's observation: `rg --no-config --json --hidden --no-messages [--glob=<include>]
 * --glob=!**\/.git/** -- <pattern> <.|file>`, every match with its absolute path, line number and
 * `lines.text` (terminator included), in ripgrep's order.
 * @see spec §2.5 v1, README "grep"
 */
export async function observeGrep(input: Record<string, unknown>, workspace: string): Promise<Observation> {
  const target = resolve(workspace, typeof input.path === "string" ? input.path : ".");
  const isFile = existsSync(target) && statSync(target).isFile();
  const cwd = isFile ? resolve(target, "..") : target;
  const args = ["--no-config", "--json", "--hidden", "--no-messages"];
  if (typeof input.include === "string") args.push(`--glob=${input.include}`);
  args.push("--glob=!**/.git/**", "--", typeof input.pattern === "string" ? input.pattern : "", isFile ? target : ".");
  if (!existsSync(cwd)) return { matches: [] };
  const output = await runRipgrep(args, cwd);
  return { matches: parseRipgrepJson(output).map((match) => ({ ...match, path: resolve(cwd, match.path) })) };
}
