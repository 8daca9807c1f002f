import type { ScenarioCall, ScenarioSubagent } from "../../generated/schema-types.js";
import { addEditableFile, smallLines } from "../differential-content.js";
import { type CallMaker, type DifferentialVocabulary, type DifferentialWorkspace, differentialCall, type GeneratedCall } from "../differential-vocabulary.js";
import { claudeToolParameters } from "./claude-tools.js";

/**
 * Claude Code's call vocabulary for the differential campaign: Read over every generated body and
 * the offset/limit edges, Bash over the output edges (sizes in bytes, exit codes, whitespace,
 * invalid bytes, the shell's own errors, `cd`), Edit and Write with their refusals and aliases,
 * names the binary knows or does not, invalid arguments, WebFetch of loopback pages, ToolSearch
 * `select:`, NotebookEdit of an unread notebook and the harness tools' modelled branches. Calls never change a file a call has read
 * (the binary's "changed on disk" note is not pinned, spec §5.4), and a turn holds at most one call
 * the binary runs concurrently (it places those results when they finish, spec §2.2).
 * @see docs/spec/claude-code-2.1.332.md; issue 26 item 6
 */
const { readOnly, mutating } = differentialCall;
const at = (path: string) => `{{workspace}}/${path}`;

/** Numbers at and around an edge, and of the types the binary takes or refuses. */
const number = (b: DifferentialWorkspace, around: number[]): unknown => b.random.pick<unknown>([...around, 0, 1, -1, "2", "x", null, true]);

const readCalls: CallMaker[] = [
  (b) => readOnly("Read", { file_path: at(b.stableFile().path) }),
  (b) => readOnly("Read", { file_path: at(b.someStableFile().path) }),
  (b) => readOnly("Read", { file_path: at(b.someStableFile().path), offset: number(b, [1, 2, 3, 5, 2000, 2001, 2002]) }),
  (b) => readOnly("Read", { file_path: at(b.someStableFile().path), limit: number(b, [1, 2, 3, 2000]) }),
  (b) => readOnly("Read", { file_path: at(b.someStableFile().path), offset: b.random.pick([1, 2, 3, 1999, 2000, 2001]), limit: b.random.pick([1, 2, 5, 100]) }),
  (b) => readOnly("Read", { file_path: b.someStableFile().path }),
  (b) => readOnly("Read", { file_path: at(b.listedDirectory()) }),
  (b) => {
    const existing = b.someStableFile().path;
    const slash = existing.lastIndexOf("/");
    const base = existing.slice(slash + 1);
    const stem = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;
    const missing = b.random.pick([
      `${existing.slice(0, slash + 1)}${stem}.bak`,
      `${existing}.orig`,
      `${existing.slice(0, slash + 1)}${stem}`,
      `nothing-here-${b.random.int(1, 99)}.txt`,
      "missing-dir/x.txt",
    ]);
    return readOnly("Read", { file_path: at(missing) });
  },
  (b) => readOnly("Read", { file_path: at(`${b.someStableFile().path}/child.txt`) }),
  (b) => {
    const path = b.fresh(b.random.pick(["blob", "data", "archive"]), b.random.pick([".bin", ".dat", ".zip", ".exe", ".sqlite"]));
    b.files[path] = b.random.pick(["plain text\n", "", { base64: "AAECAwQ=" }]);
    return readOnly("Read", { file_path: at(path) });
  },
  (b) => {
    const path = b.fresh("pixel", ".png");
    b.files[path] = { base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" };
    return readOnly("Read", { file_path: at(path) });
  },
  (b) => {
    const path = b.fresh("book", ".ipynb");
    const cells = Array.from({ length: b.random.int(0, 3) }, (_, index) => ({
      cell_type: b.random.pick(["code", "markdown"]),
      source: b.random.chance(0.5) ? smallLines(b.random).map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line)) : smallLines(b.random).join("\n"),
      metadata: {},
      ...(index >= 0 ? { outputs: [], execution_count: null } : {}),
    }));
    b.files[path] = JSON.stringify({
      cells: cells.map((cell) => (cell.cell_type === "markdown" ? { cell_type: cell.cell_type, source: cell.source, metadata: {} } : cell)),
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
    // offset and limit change nothing on a notebook (spec §4.7).
    return readOnly("Read", { file_path: at(path), ...(b.random.chance(0.3) ? { offset: b.random.int(1, 3), limit: 1 } : {}) });
  },
  (b) => {
    const gif = b.random.chance(0.5);
    const path = b.fresh("tiny", gif ? ".gif" : ".png");
    b.files[path] = {
      base64: gif ? "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" : "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    };
    return readOnly("Read", { file_path: at(path), ...(b.random.chance(0.4) ? { offset: b.random.int(1, 9), limit: 1 } : {}) });
  },
  (b) => {
    const path = b.fresh("utf16be", ".txt");
    const text = smallLines(b.random).join("\n");
    const bytes = [0xfe, 0xff, ...[...text].flatMap((char) => [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff])];
    b.files[path] = { base64: btoa(String.fromCharCode(...bytes)) };
    return readOnly("Read", { file_path: at(path) });
  },
  (b) => {
    const path = b.fresh("utf16", ".txt");
    const text = smallLines(b.random).join("\n");
    const bytes = [0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])];
    b.files[path] = { base64: btoa(String.fromCharCode(...bytes)) };
    return readOnly("Read", { file_path: at(path) });
  },
];

/** Bash commands whose output sits on an edge. */
function bashCommand(b: DifferentialWorkspace): string {
  const r = b.random;
  return r.pick([
    () =>
      r.pick(["printf 'a\\r\\nb\\r\\n'", "printf 'one\\rtwo\\n'", "printf 'no newline'", "printf '\\n\\n'", "printf ''", "true", ":", "printf '\\n\\n  padded  \\n'", "printf 'tab\\there\\n\\t\\n'"]),
    () => r.pick(["echo out; echo err >&2", "echo err >&2; exit 0", "echo a; exit 2", "exit 1", "false", "echo oops >&2; exit 7", "exit 255"]),
    () => r.pick(["printf 'bad \\377\\376 bytes\\n'", "printf '\\033[31mred\\033[0m\\n'", "printf 'héllo ✓ 日本\\n'", "printf '\\x00nul\\n'"]),
    () => `head -c ${r.pick([29999, 30000, 30001, 40000])} /dev/zero | tr '\\0' x`,
    () => `printf '${r.pick(["é", "✓", "😀"])}%.0s' $(seq 1 ${r.pick([7000, 9999, 10001, 15000, 15001])})`,
    () => `seq 1 ${r.pick([5000, 6000, 9000, 20000])}${r.chance(0.5) ? " >&2; exit 3" : ""}`,
    // Bytes as written around 30,000 (a final newline counts), failures around the 11,024-char cut and past 30,000 bytes of multi-byte text (spec §3.3, §3.4).
    () => `printf '€%.0s' $(seq 1 ${r.pick([9999, 10000])})${r.pick(["", "; echo", "; printf x"])}`,
    () => `head -c ${r.pick([9988, 9989, 10010, 11011, 11012, 11013, 12000])} /dev/zero | tr '\\0' b; exit ${r.pick([1, 9])}`,
    () => `for i in $(seq 1 ${r.pick([3000, 4000])}); do echo "line $i ✓"; done; exit 7`,
    () => r.pick(["nosuchcommand-xyz", "if then fi", "echo 'unterminated", "cat /nonexistent/file", "ls /nonexistent"]),
    () => r.pick(["pwd", "cd sub-dir-x 2>/dev/null; pwd", "cd / && pwd", "cd .. ; pwd", "cd /tmp; echo moved"]),
    () => `cat ${b.someStableFile().path} | head -c ${r.pick([10, 100, 5000])}`,
    () => `ls ${b.listedDirectory()}`,
    () => searchCommand(b),
  ])();
}

/**
 * `grep` and `find`, which the binary's shell runs as its embedded ugrep and bfs: recursive and
 * multi-file searches (their order differs from run to run: the agent's is adopted), one file,
 * a pipe, no match and missing paths (exit 1 of grep and find is no failure). @see spec §3.1, §3.4
 */
function searchCommand(b: DifferentialWorkspace): string {
  const r = b.random;
  const word = r.pick(["a", "line", "x", "é", "B", "zzz-none", "inner"]);
  return r.pick([
    () => `grep -rn ${word} ${r.pick([".", b.listedDirectory()])}`,
    () => `grep -rl ${word} . | sort`,
    () => `grep -c ${word} ${b.someStableFile().path} ${b.someStableFile().path}`,
    () => `grep -n${r.pick(["", "i", "v"])} ${word} ${b.someStableFile().path}`,
    () => `ls ${b.listedDirectory()} | grep ${r.pick(["txt", "zzz", "^a"])}`,
    () => `find ${b.listedDirectory()}${r.pick(["", " -type f", " -type d", " -name '*.txt'", " -maxdepth 1"])}`,
    () => `find . -type f | sort | ${r.pick(["wc -l", "cat"])}`,
    () => r.pick([`grep ${word} missing-file.txt`, "find nowhere -name x", `grep -rn ${word} nowhere-dir`]),
  ])();
}

const bashCalls: CallMaker[] = [
  (b) => readOnly("Bash", { command: bashCommand(b) }),
  (b) => readOnly("Bash", { command: bashCommand(b), description: b.random.pick(["Run it", "", "héllo"]) }),
  (b) =>
    readOnly("Bash", {
      command: "echo hi",
      ...b.random.pick<Record<string, unknown>>([{ timeout: "5000" }, { timeout: "fast" }, { run_in_background: "false" }, { run_in_background: "yes" }, { cmd: "x" }]),
    }),
];

/** A new file holding editable text, and the text. */
const editable = (b: DifferentialWorkspace) => addEditableFile(b, [".txt", ".js", ".md"]);

const editCalls: CallMaker[] = [
  (b) => {
    const { path, text } = editable(b);
    const lines = text.split(/\r?\n/).filter((line) => line !== "");
    const old = b.random.pick(lines);
    return mutating("Edit", {
      file_path: at(path),
      old_string: old,
      new_string: b.random.pick([`${old} changed`, "", old.toUpperCase(), "héllo"]),
      ...(b.random.chance(0.3) ? { replace_all: b.random.pick<unknown>([true, false, "true"]) } : {}),
    });
  },
  (b) => {
    const { path } = editable(b);
    return mutating("Edit", { file_path: at(path), old_string: b.random.pick(["not in the file", "ALPHA", "alpha\nbeta"]), new_string: "x" });
  },
  (b) => {
    const { path, text } = editable(b);
    const old = text.split(/\r?\n/)[0] ?? "";
    return mutating("Edit", { file_path: at(path), old_string: old, new_string: old });
  },
  (b) => mutating("Edit", { file_path: at(b.fresh("new", ".txt", b.random.pick(["", "made/"]))), old_string: b.random.pick(["", "x"]), new_string: "created\n" }),
  (b) => {
    const { path } = editable(b);
    return mutating("Edit", { file_path: at(path), old_string: "", new_string: "x" });
  },
  (b) => {
    const { path, text } = editable(b);
    const old = text.split(/\r?\n/)[1] ?? "x";
    return mutating("Edit", { path: at(path), old_str: old, new_str: `${old}!` });
  },
  // A directory, and files refused for their encoding (each edit would otherwise apply; spec §5.2).
  (b) => {
    const directory = b.fresh("edir", "");
    b.directories.push(directory);
    return mutating("Edit", { file_path: at(directory), old_string: "a", new_string: "b" });
  },
  (b) => {
    const path = b.fresh(b.random.pick(["latin", "nul"]), ".txt");
    const latin = path.startsWith("latin");
    b.files[path] = { base64: latin ? "Y2Fm6SBvbmUKdHdvCg==" : "b25lAHR3bwp0aHJlZQo=" };
    return mutating("Edit", { file_path: at(path), old_string: latin ? "two" : "three", new_string: "X" });
  },
];

const writeCalls: CallMaker[] = [
  (b) =>
    mutating("Write", {
      file_path: at(b.fresh("written", ".txt", b.random.pick(["", "", "deep/er/"]))),
      content: b.random.pick(["hello\n", "", "a\r\nb\r\n", "\ufeffbom\n", "héllo 😀\n", "no newline", smallLines(b.random).join("\n")]),
    }),
  (b) => {
    const { path } = editable(b);
    return mutating("Write", { file_path: at(path), content: "replaced\n" });
  },
  (b) => {
    const directory = b.fresh("dir", "");
    b.directories.push(directory);
    return mutating("Write", { file_path: at(directory), content: "x" });
  },
  (b) => {
    const path = b.fresh("latin", ".txt");
    b.files[path] = { base64: "Y2Fm6SBvbmUKdHdvCg==" };
    return mutating("Write", { file_path: at(path), content: "now utf-8 é\n" });
  },
];

const KNOWN_NAMES = [
  "Glob",
  "Grep",
  "TodoWrite",
  "ExitPlanMode",
  "AskUserQuestion",
  "TaskCreate",
  "TaskList",
  "view",
  "str_replace",
  "bash_tool",
  "create_file",
  "web_fetch",
  "web_search",
  "Brief",
  "ListMcpResourcesTool",
];
const unknownCalls: CallMaker[] = [
  (b) =>
    readOnly(
      b.random.pick([...KNOWN_NAMES, "Frobnicate", "LS", "MultiEdit", "read", "BASH", "edit", "webfetch", "DeferredToolPlaceholder"]),
      b.random.pick([{}, { file_path: "a.txt" }, { command: "echo hi" }]),
    ),
];

/** Invalid arguments for the modelled tools: missing, mistyped, unknown keys. */
const invalidCalls: CallMaker[] = [
  (b) => {
    const tool = b.random.pick(["Read", "Bash", "Edit", "Write"]);
    const parameters = claudeToolParameters[tool] ?? [];
    const input: Record<string, unknown> = {};
    for (const parameter of parameters) {
      if (!b.random.chance(0.5)) continue;
      input[parameter.name] = b.random.pick<unknown>([42, null, ["a"], { x: 1 }, true]);
    }
    if (b.random.chance(0.5)) input[b.random.pick(["extra", "mode", "filePath", "cmd"])] = "x";
    return readOnly(tool, input);
  },
];

const webfetchCalls: CallMaker[] = [
  (b) => {
    const path = `/pages/${b.fresh("page", ".html")}`;
    b.pages[path] = { body: `<html><body><p>${smallLines(b.random).join(" ")}</p></body></html>` };
    return readOnly("WebFetch", { url: `{{origin}}${path}`, prompt: "What does it say?" });
  },
  (b) => readOnly("WebFetch", { url: b.random.pick(["http://localhost:9/x", "http://localhost/", "https://intranet/x"]), prompt: "x" }),
];

const toolSearchCalls: CallMaker[] = [
  (b) => readOnly("ToolSearch", { query: `select:${b.random.shuffle(["WebFetch", "NotebookEdit", "Bash", "TaskCreate", "Nope", "Read", "CronList"]).slice(0, b.random.int(1, 3)).join(",")}` }),
];

const notebookCalls: CallMaker[] = [
  (b) => {
    const path = b.fresh("unread", ".ipynb");
    b.files[path] = JSON.stringify({ cells: [], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    return mutating("NotebookEdit", { notebook_path: at(path), new_source: "print(1)" });
  },
];

/** The harness tools on their modelled branches (spec §11), with the inputs around them: counts, refusals, aliases, enum values. */
const harnessCalls: CallMaker[] = [
  (b) => {
    const finding = () => ({ file: b.someStableFile().path, summary: "s", failure_scenario: "f", ...(b.random.chance(0.5) ? { line: b.random.int(1, 9) } : {}) });
    return readOnly("ReportFindings", { findings: Array.from({ length: b.random.int(0, 3) }, finding), ...(b.random.chance(0.3) ? { level: b.random.pick(["low", "max"]) } : {}) });
  },
  (b) => readOnly("ScheduleWakeup", b.random.pick<Record<string, unknown>>([{}, { stop: true }, { delaySeconds: 60, reason: "r" }, { reason: "r", prompt: "p" }, { delaySeconds: "60" }])),
  (b) => readOnly("Workflow", b.random.pick<Record<string, unknown>>([{}, { name: "nope" }, { name: `wf-${b.random.int(1, 99)}` }, { scriptPath: "/nonexistent/x.js" }, { title: "t" }, { extra: 1 }])),
  (b) =>
    readOnly(
      b.random.pick(["Agent", "Task"]),
      b.random.pick<Record<string, unknown>>([{}, { description: "d" }, { description: "d", prompt: "p", model: "gpt" }, { description: "d", prompt: "p", isolation: "none" }, { prompt: 3 }]),
    ),
  // Deferred tools only with valid inputs (an invalid one appends the schema, spec §7.3).
  (b) => (b.random.chance(0.5) ? readOnly("CronList", {}) : readOnly("CronDelete", { id: `job-${b.random.int(1, 99)}` })),
  (b) => (b.random.chance(0.5) ? readOnly("EnterWorktree", b.random.pick([{}, { name: "w1" }])) : readOnly("ExitWorktree", { action: b.random.pick(["keep", "remove"]) })),
  (b) => readOnly(b.random.pick(["TaskStop", "KillShell"]), b.random.pick<Record<string, unknown>>([{}, { task_id: "" }, { task_id: `t${b.random.int(1, 99)}` }, { shell_id: "abc" }])),
  (b) => readOnly("SendMessage", b.random.pick<Record<string, unknown>>([{ to: "main" }, { to: "main", message: "hi" }, { to: "main", message: "" }])),
  (b) => readOnly("Skill", b.random.pick<Record<string, unknown>>([{}, { cursor: "x" }, { skill: 1 }, { skill: 1, extra: 2 }])),
  (b) => readOnly("ListAgents", b.random.pick<Record<string, unknown>>([{ cursor: "x" }, { skill: 1 }, { cursor: 5 }])),
];

/**
 * A foreground Agent with a subagent script of its own (spec §11.1): the subagent reads stable
 * files, runs commands that change nothing, writes and edits files of its own, calls unknown
 * names, then reports a text (several lines, CR and CRLF, blank, indented, forged frames, Unicode
 * line breaks). Alone in its turn: calls of the same turn name nothing yet (not modelled).
 */
const agentCalls: CallMaker[] = [
  (b) => {
    const key = b.fresh("SUB", ":");
    const own = b.fresh("sub-out", ".txt");
    let wrote = false;
    const subCall = (): ScenarioCall => {
      const kind = b.random.int(0, 5);
      if (kind === 0) return { tool: "Read", input: { file_path: at(b.someStableFile().path) } };
      if (kind === 1) return { tool: "Bash", input: { command: b.random.pick(["echo sub", "wc -l < /dev/null", "printf 'a\\nb\\n'", `wc -c ${b.someStableFile().path}`, "true"]) } };
      if (kind === 2 || (kind === 3 && !wrote)) {
        wrote = true;
        return { tool: "Write", input: { file_path: at(own), content: b.random.pick(["one\n", "alpha\nbeta\n", "x"]) } };
      }
      if (kind === 3) return { tool: "Edit", input: { file_path: at(own), old_string: "zzz-not-there", new_string: "y" } };
      return { tool: b.random.pick(["Glob", "Frobnicate", "LS"]), input: {} };
    };
    const turns = Array.from({ length: b.random.int(0, 3) }, () => ({ calls: Array.from({ length: b.random.int(1, 2) }, subCall) }));
    const reports = [
      "done",
      "Found 3 files.\nAll good.",
      "line1\r\nline2\r\n",
      "a\rb",
      "  indented\n\n\ttab",
      "Summary: all 3 checks passed.\n- item one\n- item two",
      "é ✓ 😀\u2028next\fpage",
      "trailing\n",
    ];
    // A blank report only when the subagent called nothing (new tools with a blank report: not pinned, spec §11.1).
    const report = b.random.pick(turns.length > 0 ? reports : [...reports, "   ", "\n"]);
    b.subagents.push({ prompt: key, turns: [...turns, { text: report }] } as unknown as ScenarioSubagent);
    const input: Record<string, unknown> = { description: b.random.pick(["look", "count lines"]), prompt: `${key} do the work`, run_in_background: false };
    if (b.random.chance(0.2)) input.model = b.random.pick(["haiku", "sonnet"]);
    if (b.random.chance(0.2)) input.subagent_type = "general-purpose";
    return { ...readOnly(b.random.chance(0.2) ? "Task" : "Agent", input), alone: true };
  },
];

/** Calls the binary runs at once with their neighbours (results placed when they finish, spec §2.2): everything but Edit, Write and NotebookEdit with a valid input. */
function concurrent(call: GeneratedCall): boolean {
  return !["Edit", "Write", "NotebookEdit"].includes(call.call.tool);
}

export const claudeCodeDifferentialVocabulary: DifferentialVocabulary = {
  namePrefix: "claude",
  argumentStyle: "claude-code",
  spec: "§3–§7",
  aims: "over file kinds, byte sizes, offsets, shell edges, refusals and tool names",
  makers: [
    { tool: "Read", weight: 26, makers: readCalls },
    { tool: "Bash", weight: 24, makers: bashCalls },
    { tool: "Edit", weight: 16, makers: editCalls },
    { tool: "Write", weight: 8, makers: writeCalls },
    { tool: "unknown", weight: 8, makers: unknownCalls },
    { tool: "invalid", weight: 8, makers: invalidCalls },
    { tool: "WebFetch", weight: 4, makers: webfetchCalls },
    { tool: "ToolSearch", weight: 3, makers: toolSearchCalls },
    { tool: "NotebookEdit", weight: 3, makers: notebookCalls },
    { tool: "harness", weight: 8, makers: harnessCalls },
    { tool: "Agent", weight: 4, makers: agentCalls },
  ],
  searching: new Set(["Bash"]),
  concurrent,
};
