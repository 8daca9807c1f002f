import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * The agent command with its relative paths made absolute from where correx was started (the
 * gate runs the agent in the scenario's workspace, where they would not resolve). The rule: an
 * argument that is not absolute, does not start with `-`, holds no `{{placeholder}}` and names an
 * existing file relative to `cwd` becomes that file's absolute path; the program itself only when
 * it holds a `/` (a bare name is looked up on PATH as usual). Everything else is passed untouched.
 */
export function resolveAgentCommand(command: readonly string[], cwd = process.cwd()): string[] {
  return command.map((arg, index) => {
    if (arg === "" || isAbsolute(arg) || arg.startsWith("-") || arg.includes("{{")) return arg;
    if (index === 0 && !arg.includes("/")) return arg;
    const path = resolve(cwd, arg);
    return isFile(path) ? path : arg;
  });
}
