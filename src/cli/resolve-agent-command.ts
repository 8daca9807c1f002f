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

/**
 * Why the agent's program cannot be started, or null when it can be found: a path (it holds a `/`)
 * must name an existing file, and a bare name must be a file on one of PATH's folders. A program
 * written as a `{{placeholder}}` is left to the run.
 */
export function missingAgentProgram(command: readonly string[], path = process.env.PATH ?? ""): string | null {
  const program = command[0] ?? "";
  if (program.includes("{{")) return null;
  if (program.includes("/")) return isFile(program) ? null : `agent command not found: ${JSON.stringify(program)} is not a file`;
  const folders = path.split(":").filter((folder) => folder !== "");
  if (folders.some((folder) => isFile(resolve(folder, program)))) return null;
  return `agent command not found: ${JSON.stringify(program)} is not on PATH`;
}
