import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { packageCopyHint } from "./package-copy-hint.js";

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

/** Interpreters whose first argument that is not a flag is the script they run. */
const INTERPRETERS = new Set(["node", "python", "python3", "bash", "sh", "deno", "bun", "ruby", "perl"]);
/** Flags after which such an interpreter runs code from the command line, not a script. */
const INLINE_CODE_FLAGS = new Set(["-e", "--eval", "-p", "--print", "-c", "-m", "-"]);
/** What names a script: a path with a folder, or a script's extension. */
const SCRIPT_LIKE = /\/|\.(?:[cm]?[jt]s|py|sh|rb|pl)$/;

/**
 * Why an interpreter's script cannot be found, or null: `node examples/agent.mjs` typed where
 * that file does not exist (a README line copied into a project that has it under
 * node_modules/correx/). Only the interpreter's first argument that is not a flag is checked, and
 * only when it looks like a script; `node -e …`, `python3 -m …` and `sh -c …` are left alone.
 */
export function missingScript(command: readonly string[], cwd = process.cwd()): string | null {
  const program = (command[0] ?? "").split("/").pop() ?? "";
  if (!INTERPRETERS.has(program.replace(/\d+(?:\.\d+)*$/, "")) && !INTERPRETERS.has(program)) return null;
  for (const arg of command.slice(1)) {
    if (INLINE_CODE_FLAGS.has(arg)) return null;
    if (arg.startsWith("-")) continue;
    if (arg.includes("{{") || !SCRIPT_LIKE.test(arg)) return null;
    return isFile(resolve(cwd, arg)) ? null : `${JSON.stringify(arg)} is not a file (relative paths are from where correx runs, ${cwd})${packageCopyHint(arg, cwd)}`;
  }
  return null;
}

/** Words sh runs itself: never looked up on PATH. */
const SHELL_BUILTINS = new Set([
  ".",
  ":",
  "alias",
  "cd",
  "command",
  "eval",
  "exec",
  "exit",
  "export",
  "set",
  "source",
  "test",
  "[",
  "true",
  "false",
  "type",
  "ulimit",
  "umask",
  "unset",
  "wait",
  "echo",
  "printf",
  "read",
  "trap",
  "times",
]);

/**
 * Why a shell command line (a `cmd:` subject) cannot start, or null: when it is plain words whose
 * first is not a builtin, its program and its interpreter's script get the checks an agent
 * command gets. Anything the shell would expand or redirect is left to the run.
 */
export function missingShellCommand(text: string, cwd = process.cwd(), path = process.env.PATH ?? ""): string | null {
  const words = plainShellWords(text);
  if (words === null || SHELL_BUILTINS.has(words[0]!)) return null;
  const program = missingAgentProgram(words, path);
  if (program !== null) return program.replace(/^agent command/, "command");
  const script = missingScript(words, cwd);
  return script === null ? null : `script not found: ${script}`;
}

/** Words the shell would not expand or redirect: the command as plain words, or null when it is more than that. */
export function plainShellWords(text: string): string[] | null {
  const words = text.trim().split(/\s+/);
  return words.every((word) => word !== "" && !/[$`'"\\(){}<>|;&*?~[\]=#]/.test(word)) ? words : null;
}
