import { commandBytes, type EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { type ClaudeSession, claudeCwd, claudeSession } from "../claude-session.js";
import { fileText, textOrBase64 } from "../files/claude-file-io.js";
import { claudeReadAsksCountTokens } from "../files/claude-read-token-estimate.js";
import { catReadPaths } from "./claude-cat-reads.js";
import { changedExcerpt, KNOWN_TEXT_MAX_BYTES, namesWriteCommand } from "./claude-changed-on-disk.js";
import { embeddedOrderUnstable, embeddedToolFunctions, embeddedToolsBinary, namesEmbeddedTool, picksByPosition, shellQuote } from "./claude-embedded-tools.js";
import { namesSecretsFile } from "./claude-secret-names.js";
import { claudeNextCwd } from "./claude-shell-cwd.js";

/**
 * Bash in the replay: the command run as the binary runs it, and what the session learns from it
 * (its working directory, the known files it changed). @see docs/spec/claude-code-2.1.332.md §3, §5.4
 */

/** Bash's default timeout: 2 minutes. @see spec §3.1 */
const BASH_DEFAULT_TIMEOUT_MS = 120_000;

/** Its largest timeout (10 minutes, the tool description's maximum); past it the binary's clamp is not observed. @see spec §3.1 */
const BASH_MAX_TIMEOUT_MS = 600_000;

/** The shell the binary runs commands with when SHELL names none (observed: `$0` is `/bin/bash`). @see spec §3.1 */
export const CLAUDE_SHELL = "/bin/bash";

/**
 * Bash: the command evaluated by `/bin/bash -c` in the session's working directory with stdin
 * from /dev/null, stdout and stderr on one file opened for appending, and — only when it
 * succeeded — the shell's physical working directory recorded at its end (the binary runs
 * `eval '<command>' < /dev/null && pwd -P >| <file>` with its output going to a file; a command
 * that opens /dev/stdout, /dev/stderr or /dev/fd/N anew opens that file, truncating it, not a pipe:
 * unseen batch 11's probe, `tee /dev/stderr` shows its line once). Here the command runs in a
 * subshell whose output is appended to a temporary file, printed after it ends; the file's path
 * and `pwd -P` go to stderr. Files the session knows that the command changed are named.
 * @see spec §3.1, §3.5
 */
// One line: eval numbers a syntax error's lines from the line it stands on (`case x in` → `eval: line 2` on a second line).
const bashScript = (command: string, embeddedTools: string | undefined) =>
  `${embeddedTools === undefined ? "" : `${embeddedToolFunctions(embeddedTools)}; `}F=$(mktemp) || exit 125; printf "%s\\n" "$F" >&2; ( { eval ${shellQuote(command)} < /dev/null 4>&-; } && pwd -P >&4 ) 4>&2 >>"$F" 2>&1; s=$?; cat "$F"; rm -f "$F"; exit $s`;

export async function runBash(input: Record<string, unknown>, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const session = claudeSession(environment);
  if (input.run_in_background === true) {
    session.started.tasks = true;
    throw new UnsupportedError("claude-code: Bash run_in_background is not modelled (a random task id and output path, a later notification; spec §9)");
  }
  const cwd = claudeCwd(environment);
  const embedded = namesEmbeddedTool(String(input.command)) ? await embeddedToolsBinary(environment, session) : undefined;
  unmodelledBash(String(input.command), session, embedded);
  const timeoutMs = typeof input.timeout === "number" ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
  const command = String(input.command);
  // The known files' modification times before and after, for the hint a write command adds (§5.4).
  const before = await knownMtimes(environment, [...new Set([...session.files.keys(), ...session.partialReads.keys()])]);
  const started = Date.now();
  const run = await environment.run({ file: CLAUDE_SHELL, args: ["-c", bashScript(command, embedded)], cwd, env: environment.agentEnv, timeoutMs, stderr: "separate" });
  const [outputFile = "", ...ended] = new TextDecoder().decode(commandBytes(run, "stderr")).split("\n");
  if (run.exitCode === 125 && outputFile === "") throw new UnsupportedError("claude-code: the replay could not make the Bash command's output file (mktemp failed); not modelled (spec §3.1)");
  if (run.timedOut) {
    // What the killed command wrote is in its output file, which the replay then removes.
    const printed = outputFile !== "" && ((await environment.stat(outputFile)).size ?? 0) > 0;
    if (outputFile !== "") await environment.run({ file: "/bin/rm", args: ["-f", "--", outputFile], cwd, env: environment.agentEnv, timeoutMs: 10_000 });
    // Past its timeout the binary kills a command that printed nothing yet (exit 143, the whole seconds) and moves one that printed something to the background (a random task id and path). §3.1
    if (printed)
      throw new UnsupportedError("claude-code: a Bash command over its timeout that printed something is moved to the background (a random task id and output path); not modelled (spec §3.1, §9)");
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > BASH_MAX_TIMEOUT_MS)
      throw new UnsupportedError(`claude-code: a Bash timeout of ${timeoutMs} ms (below 1 s, above 10 min or not whole) is not pinned (spec §3.1)`);
    const changed = await knownMtimes(environment, [...before.keys()]);
    if ([...before].some(([path, mtime]) => changed.get(path) !== mtime))
      throw new UnsupportedError("claude-code: a Bash command over its timeout that changed a file the session knows is not pinned (spec §3.1, §5.4)");
    return { output: "", exitCode: null, timedOutMs: timeoutMs, cwd, workspace: environment.workspace };
  }
  const endCwd = run.exitCode === 0 ? ended.join("\n").replace(/\n$/, "") : "";
  const next = claudeNextCwd(cwd, endCwd === "" ? undefined : endCwd, environment.workspace);
  session.cwd = next.cwd;
  const after = await knownMtimes(environment, [...before.keys()]);
  const modified: string[] = [];
  const raced: string[] = [];
  for (const [path, mtime] of before) {
    const now = after.get(path);
    const known = session.files.get(path) ?? session.partialReads.get(path);
    if (now !== undefined && now !== mtime) {
      modified.push(path);
      if (known !== undefined) known.bashChangedAt = now;
    } else if (known?.bashChangedAt !== undefined && known.bashChangedAt >= started - 1000) raced.push(path);
  }
  const writeCommand = namesWriteCommand(command);
  const unpinned: string[] = [];
  const announced: { path: string; before: string | null; after: string }[] = [];
  for (const [path, known] of session.files) {
    const now = await fileText(environment, path);
    if (now === known.text || known.via !== "write") continue;
    if (now === null) {
      // Deleted: no note (the binary's read of it fails); what it then holds is not pinned.
      known.uncertain = "a Bash command deleted it after the session wrote it, §5.4";
    } else if (known.uncertain !== undefined || claudeReadAsksCountTokens(now, path)) {
      // A file whose state is already unknown, or a text past Read's token check: not pinned.
      known.uncertain ??= "a Bash command changed it after the session wrote it, past Read's token check, §5.4";
      // Held as now on disk, so a later command that leaves it alone is not blamed for this change.
      known.text = now;
      unpinned.push(path);
    } else {
      // The binary reads the file again for the note (§5.4): the new text is known as read. It kept
      // the old text only up to 4,096 bytes; past that the note shows no changes, and what it then holds is not pinned.
      const before = utf8Bytes(known.text) <= KNOWN_TEXT_MAX_BYTES ? known.text : null;
      announced.push({ path, before, after: now });
      // A note that withholds the changes (a name marking secrets) leaves the new text out of the model's context. [bundle `V8e`]
      const withheld = before !== null && namesSecretsFile(path) && changedExcerpt(before, now) !== "";
      session.files.set(path, {
        text: now,
        via: "read",
        ...(before === null ? { uncertain: "a Bash command changed it after the session wrote more than 4,096 bytes of it: the note showed no changes, §5.4" } : {}),
        ...(withheld ? { outOfContext: true } : {}),
      });
    }
  }
  await registerCatReads(command, cwd, environment, session);
  return {
    ...textOrBase64(commandBytes(run, "stdout"), "output", "outputBase64"),
    exitCode: run.exitCode,
    ...(run.exitCode === 1 && quietExitOne(command) ? { quietExit: true } : {}),
    ...(embedded !== undefined && embeddedOrderUnstable(command) ? { unorderedLines: true } : {}),
    cwd,
    ...(endCwd === "" ? {} : { endCwd }),
    workspace: environment.workspace,
    ...(unpinned.length > 0 ? { changedKnownFiles: unpinned } : {}),
    ...(announced.length > 0 ? { changedWrittenFiles: announced } : {}),
    ...(writeCommand && modified.length > 0 ? { modifiedKnownFiles: modified } : {}),
    ...(writeCommand && raced.length > 0 ? { racedKnownFiles: raced } : {}),
  };
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Holds the files a `cat` showed that the session did not know: whole UTF-8 text up to 4,096 bytes
 * without CR as written; others, and forms not pinned, as uncertain. A file it knew stays as it was
 * (a read one, as 13 rounds of unseen scenarios found), unless it was out of the model's context.
 */
async function registerCatReads(command: string, cwd: string, environment: EnvironmentPort, session: ClaudeSession): Promise<void> {
  const { sure, unsure } = catReadPaths(command, cwd);
  for (const path of [...sure, ...unsure]) {
    const known = session.files.get(path);
    if (known !== undefined) {
      if (known.outOfContext === true) known.uncertain = "a `cat` showed it while it was out of the model's context, §5.1";
      continue;
    }
    const text = await fileText(environment, path);
    if (text === null) continue;
    const plain = sure.includes(path) && utf8Bytes(text) <= KNOWN_TEXT_MAX_BYTES && !text.includes("\r");
    session.files.set(path, {
      text,
      via: "write",
      ...(plain
        ? {}
        : { uncertain: "a `cat` showed it in a form whose effect is not pinned (with a `cd`, after other commands, a quoted or redirected name, a text with CRs or past 4,096 bytes), §5.1" }),
    });
  }
}

/**
 * Commands whose output the replay cannot reproduce, refused before they run: `grep` and `find`
 * (shell functions running the ugrep and bfs embedded in the binary) when the gate did not see a
 * binary that embeds them, or when the command picks their lines by position while their order
 * may differ; a URL names the scenario's pages, which the replay's commands do not reach; and a
 * command that may read a file the binary changed in a way the profile does not model sees bytes
 * that are not the replay's. @see spec §3.1, §7.4
 */
function unmodelledBash(command: string, session: ClaudeSession, embedded: string | undefined): void {
  const unsupported = (why: string): never => {
    throw new UnsupportedError(`claude-code: ${why} (docs/spec/claude-code-2.1.332.md §3.1)`);
  };
  if (namesEmbeddedTool(command)) {
    if (embedded === undefined)
      unsupported(
        "a Bash command naming grep or find, which the binary's shell runs as the ugrep and bfs embedded in the binary: the gate did not see an agent binary that embeds ugrep 7.8.4 and bfs 4.1.1 to run them from",
      );
    if (embeddedOrderUnstable(command) && picksByPosition(command))
      unsupported("a Bash command that picks lines by position (head, tail, sed, awk, uniq…) from a grep or find whose embedded ugrep or bfs prints them in an order that differs from run to run");
  }
  if (/\bhttps?:\/\//i.test(command)) unsupported("a Bash command naming a URL: the replay's commands do not reach the scenario's pages; not modelled");
  for (const [path, why] of session.unmodelledChanges) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (command.includes(name) || /[*?]|(^|\s)-[a-zA-Z]*[rR]\b/.test(command)) unsupported(`a Bash command that may read ${path}, changed by ${why}: its bytes are not the replay's`);
  }
}

/** The commands whose exit 1 the binary reads as no failure (bundle `z9i`), and `git`'s subcommands that are (`z2t`). */
const QUIET_EXIT_ONE = new Set(["grep", "rg", "egrep", "fgrep", "find", "diff", "test", "["]);
const QUIET_GIT_EXIT_ONE = new Set(["diff", "grep"]);

/**
 * Whether the binary reads exit 1 of this command as no failure: when the last command of the
 * line — the binary splits it at `;`, `&&`, `||`, `&` and pipes (bundle `nb`: a parse whose
 * program, list and pipeline nodes it descends) — is by its first word `grep`, `rg`, `egrep`,
 * `fgrep`, `find`, `diff`, `test` or `[`, or `git diff` / `git grep` (bundle: the exit-code table
 * `z9i` and `z2t`; observed, batch 9 judge's probe: `diff` with differences, `test -f`, `[ 1 = 2 ]`,
 * after `;` and `&&`; `cmp` and `sh -c 'exit 1'` stay failures). A line whose last command the
 * profile cannot pick out plainly (subshells, substitutions, groups, quotes on a line with a pipe) is
 * not pinned. @see spec §3.4
 */
function quietExitOne(command: string): boolean {
  const words = /(^|[\s;&|(`])(diff|test|git|grep|egrep|fgrep|rg|find)(?=$|[\s;&|)`])|\[\s/;
  if (!words.test(command)) return false;
  const separators = command.replaceAll("||", " ").replaceAll("&&", " ");
  if (/[(){}`]|\$\(|(^|[^&|>])&($|[^&>])/.test(separators) || (/['"\\]/.test(command) && /\|/.test(separators)))
    throw new UnsupportedError(
      "claude-code: a command line ending in grep, find, diff, test or [ that exits 1, whose last command the profile cannot pick out plainly (a subshell, a substitution, quotes on a line with a pipe): whether the binary reads exit 1 as success is not pinned (docs/spec/claude-code-2.1.332.md §3.4)",
    );
  const last =
    command
      .split(/&&|\|\||\|&|[;|\n]/)
      .filter((part) => part.trim() !== "")
      .at(-1)
      ?.trim() ?? "";
  const [first, second] = last.split(/\s+/);
  if (first === "git" && !QUIET_GIT_EXIT_ONE.has(second ?? "") && /\s(diff|grep)(\s|$)/.test(last))
    throw new UnsupportedError(
      "claude-code: a git diff or git grep after git's own options that exits 1: the binary skips them to find the subcommand, not modelled (docs/spec/claude-code-2.1.332.md §3.4)",
    );
  return QUIET_EXIT_ONE.has(first ?? "") || (first === "git" && QUIET_GIT_EXIT_ONE.has(second ?? ""));
}

/** The modification times of those of `paths` that are files. */
async function knownMtimes(environment: EnvironmentPort, paths: readonly string[]): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const path of paths) {
    const fact = await environment.stat(path);
    if (fact.kind === "file" && fact.mtimeMs !== undefined) times.set(path, fact.mtimeMs);
  }
  return times;
}
