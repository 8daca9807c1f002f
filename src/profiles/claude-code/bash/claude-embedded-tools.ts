import { commandBytes, type EnvironmentPort } from "../../environment-port.js";

/**
 * `grep` and `find` in the binary's shell: functions its shell snapshot defines (bundle `fji`,
 * built by `dqt`) that run the ugrep and bfs embedded in the binary itself, started under their
 * names (`exec -a ugrep <the binary> …`, in a subshell). A `grep` given an option ugrep would read
 * as a filter, pager, viewer, config, `-Z`/`-z` or `--null`/`--null-data` runs the system's grep
 * instead; so do both when the binary cannot be run. Only the shell's own names are shadowed:
 * `egrep`, `fgrep`, `xargs grep`, `find -exec grep` run the system's tools.
 * @see docs/spec/claude-code-2.1.332.md §3.1
 */

/** The options the binary's `grep` function hands to ugrep before the command's own (bundle `fji`; `cji`: the version-control folders). */
const UGREP_OPTIONS = ["-G", "--ignore-files", "--hidden", "-I", "--encoding=UTF-8", ...[".git", ".svn", ".hg", ".bzr", ".jj", ".sl"].map((dir) => `--exclude-dir=${dir}`)];

/** The patterns of a `grep` argument that send the whole command to the system's grep (bundle `fji`, `case` patterns). */
const SYSTEM_GREP_PATTERNS = ["-*-filter*", "-*-pager*", "-*-view*", "-*-format-open*", "-*-config*", "---*", "-@*", "-*-save-config*", "-[Zz]*", "-[!-]*[Zz]*", "--null", "--null-data"];

/** The options of the binary's `find` function (bundle `fji`). */
const BFS_OPTIONS = ["-S", "dfs", "-regextype", "findutils-default"];

/** `'…'` for bash, a `'` written as `'\''` (how the binary quotes the command it evals, observed in /proc/PID/cmdline). */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The two functions as bash source on one line (the replay's script is one line, so a command's
 * error line numbers stay the binary's), running `binary` as ugrep and bfs.
 */
export function embeddedToolFunctions(binary: string): string {
  const bin = shellQuote(binary);
  // bash's `${1+"$@"}`: every argument, as the binary's functions pass them.
  const args = ["$", '{1+"$@"}'].join("");
  return [
    `function grep { local _cc_a; for _cc_a in ${args}; do case "$_cc_a" in ${SYSTEM_GREP_PATTERNS.join("|")}) command grep ${args}; return ;; esac; done; (exec -a ugrep ${bin} ${UGREP_OPTIONS.join(" ")} ${args}); }`,
    `function find { (exec -a bfs ${bin} ${BFS_OPTIONS.join(" ")} ${args}); }`,
  ].join("; ");
}

/**
 * The binary whose embedded ugrep and bfs the replay runs: the agent's executable, when the gate
 * saw it and it answers `--version` as ugrep 7.8.4 and bfs 4.1.1 (the tools 2.1.332 embeds), once
 * per environment. Undefined otherwise (another build, an interpreter, no /proc).
 */
export async function embeddedToolsBinary(environment: EnvironmentPort, cache: { embeddedTools?: string | null }): Promise<string | undefined> {
  if (cache.embeddedTools !== undefined) return cache.embeddedTools ?? undefined;
  const binary = environment.agentExecutable;
  cache.embeddedTools = null;
  if (binary === undefined) return undefined;
  const version = async (name: string) => {
    const run = await environment.run({
      file: "/bin/bash",
      args: ["-c", `(exec -a ${name} ${shellQuote(binary)} --version)`],
      cwd: environment.workspace,
      env: environment.agentEnv,
      timeoutMs: 30_000,
      readOnly: true,
    });
    return run.exitCode === 0 ? new TextDecoder().decode(commandBytes(run, "stdout")).split("\n", 1)[0] : undefined;
  };
  if ((await version("ugrep"))?.startsWith("ugrep 7.8.4 ") !== true || (await version("bfs"))?.startsWith("bfs 4.1.1") !== true) return undefined;
  cache.embeddedTools = binary;
  return binary;
}

/** Whether a command names the shell's `grep` or `find` (a word of its own, not `egrep`, `grep.txt`, `./find`). */
export function namesEmbeddedTool(command: string): boolean {
  return /(^|[^\w./-])(grep|find)(?=$|[^\w.-])/.test(command);
}

/**
 * Whether the embedded tools may print this command's lines in an order that differs from run to
 * run: ugrep and bfs search with several threads (observed: 30 runs of `grep -n foo` over five
 * named files gave seven orders, `grep -rn` and `find .` over a few folders several). So does any
 * `find`, and a `grep` that searches folders (`-r`, `-R`, `--recursive`, `-d`), a glob or more than
 * one operand (counted loosely: every word that is not an option, so an option's argument counts
 * too, which only errs towards "may differ"). A `grep` of one file or of its input keeps its order.
 */
export function embeddedOrderUnstable(command: string): boolean {
  if (/(^|[^\w./-])find(?=$|[^\w.-])/.test(command)) return true;
  for (const match of command.matchAll(/(?:^|[^\w./-])grep(?=$|[^\w.-])([^|;&\n]*)/g)) {
    const words = (match[1] ?? "")
      .trim()
      .split(/\s+/)
      .filter((word) => word !== "");
    if (words.some((word) => /^-([a-zA-Z]*[rRd]|-recursive|-directories|-dereference-recursive)/.test(word) || /[*?[]/.test(word))) return true;
    if (words.filter((word) => !word.startsWith("-")).length > 2) return true;
  }
  return false;
}

/** A pipeline stage or command that picks or numbers lines by their position. */
const POSITIONAL = /^(head|tail|sed|awk|gawk|mawk|uniq|nl|tac|less|more|paste)$/;

/**
 * Commands whose output depends on the order in which the embedded tools print, when it may differ
 * (`embeddedOrderUnstable`): one that keeps every line (`| sort`, `| wc -l`, a loop over them)
 * yields the same lines in some order, which the gate adopts from the agent; one that picks or
 * numbers lines by position (`head`, `tail`, `sed`, `awk`, `uniq`, `nl`, `cat -n`, `-quit`…) does
 * not, and is not pinned — unless a `sort` stands between the search and it in the pipeline
 * (`grep -o x a b | sort | uniq -c`). A line that writes to a file and uses such a command
 * anywhere is taken as picking (the file may hold the search's lines).
 */
export function picksByPosition(command: string): boolean {
  if (/\s-quit\b/.test(command)) return true;
  const stageName = (stage: string) => stage.trim().split(/\s+/)[0] ?? "";
  const positional = (stage: string) => POSITIONAL.test(stageName(stage)) || /^cat\s+-[a-zA-Z]*n/.test(stage.trim());
  const lists = command.split(/&&|\|\||;|\n/);
  if (/[^<>&0-9]>|^>/.test(command.replace(/[0-9]*>&[0-9-]+|&>|>\s*\/dev\/null/g, "")) && lists.some((list) => list.split("|").some(positional))) return true;
  for (const list of lists) {
    const stages = list.split(/\|&?/);
    const search = stages.findIndex((stage) => namesEmbeddedTool(stage));
    if (search < 0) continue;
    for (const stage of stages.slice(search)) {
      if (stageName(stage) === "sort") break;
      if (positional(stage)) return true;
    }
  }
  return false;
}
