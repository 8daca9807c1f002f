import type { ScenarioCall, ScenarioFault, ScenarioPage, ScenarioSubagent } from "../../generated/schema-types.js";
import { editableText, smallLines } from "../differential-content.js";
import {
  type CallMaker,
  type DifferentialVocabulary,
  differentialCall,
  type GeneratedCall,
  type DifferentialWorkspace as ScenarioWorkspaceBuilder,
  type DifferentialRandom as SeededRandom,
} from "../differential-vocabulary.js";

/**
 * opencode's call vocabulary for the differential campaign (both runtimes; a few limits differ
 * by `profile`): read, bash, edit, write, grep, glob, webfetch, todowrite and unknown tools over
 * the inputs where reimplementations of opencode's tools differ. Moved here unchanged from
 * src/differential when the generator became agent-neutral.
 * @see docs/spec (opencode) §2.0–§2.10, §3.1, §3.2; issue 19 part 3, issue 26 item 6
 */
const { readOnly, mutating } = differentialCall;

/** Numeric arguments at, around and below their minima, and of the wrong type. */
function numberArgument(random: SeededRandom, around: number[]): unknown {
  return random.pick<unknown>([...around, 0, 1, -1, 1.5, "10", null]);
}

/** A reason-free line count for a generated body (the stable files' line counts are not tracked). */
const READ_OFFSETS = [1, 2, 3, 5, 1999, 2000, 2001, 2002];

/**
 * read: whole files of every body variant; offset/limit at and around the limits, zero,
 * negative, fractional, strings; directories; missing paths (with and without similar names);
 * a path below a file; extra keys.
 * @see spec §2.2, §2.2b
 */
const readCalls: CallMaker[] = [
  (b) => readOnly("read", { filePath: b.stableFile().path }),
  (b) => readOnly("read", { filePath: b.someStableFile().path }),
  (b) => readOnly("read", { filePath: b.someStableFile().path, offset: numberArgument(b.random, READ_OFFSETS) }),
  (b) => readOnly("read", { filePath: b.someStableFile().path, limit: numberArgument(b.random, [1, 2, 2000, 2001]) }),
  (b) => readOnly("read", { filePath: b.someStableFile().path, offset: b.random.pick(READ_OFFSETS), limit: b.random.pick([1, 2, 3, 10]) }),
  (b) => readOnly("read", { filePath: b.listedDirectory(), ...(b.random.chance(0.3) ? { offset: b.random.pick([1, 2, 3]), limit: b.random.pick([1, 2]) } : {}) }),
  (b) => {
    const existing = b.someStableFile().path;
    const slash = existing.lastIndexOf("/");
    const base = existing.slice(slash + 1);
    const missing = b.random.pick([`${existing.slice(0, slash + 1)}${base.slice(0, 4)}`, `${existing}.bak`, `nothing-here-${b.random.int(1, 99)}.txt`, `missing-dir/x.txt`]);
    return readOnly("read", { filePath: missing });
  },
  (b) => readOnly("read", { filePath: `${b.someStableFile().path}/child.txt` }),
  (b) => readOnly("read", { filePath: b.someStableFile().path, extra: b.random.pick([true, "x", 3]) }),
  (b) => readOnly("read", { filePath: b.random.pick([42, null, ["a.txt"]]) }),
  (b) => {
    const directory = b.fresh("empty", "");
    b.directories.push(directory);
    return readOnly("read", { filePath: directory });
  },
];

/** Bash commands whose output sits on an edge: bytes, terminators, sizes, exit codes. */
function bashCommand(b: ScenarioWorkspaceBuilder): string {
  const r = b.random;
  const sizes = [51199, 51200, 51201];
  return r.pick([
    () => r.pick(["printf 'a\\r\\nb\\r\\n'", "printf 'one\\rtwo\\n'", "printf 'no newline'", "printf '\\n\\n'", "printf ''", "true", ":"]),
    () => r.pick(["printf '\\357\\273\\277bom\\n'", "printf 'caf\\303'", "printf 'x\\377y\\n'", "printf '\\342\\202'", "printf 'ok\\360\\237\\230\\200\\n'", "printf '\\303\\251t\\303\\251\\n'"]),
    () => r.pick(["printf '\\033[1;31mred\\033[0m\\n'", "printf 'bell\\007 tab\\t nul\\000 end\\n'", "printf 'a\\bb\\fc\\vd\\n'", "printf '\\033]0;title\\007x\\n'"]),
    () => r.pick(["false", "exit 3", "cat does-not-exist.txt", "ls no-such-dir", "sh -c 'exit 7'", "grep -q zzz /dev/null", "test -d nope"]),
    // stdout before stderr only: stdout after stderr reaches opencode v1 in either order, even 100 ms apart (seeds 6001, 7001), which no profile can predict
    () => r.pick(["echo out; echo err >&2", "echo out; sleep 0.1; echo err >&2", "echo one; echo two; echo three >&2", "printf 'x' >&2"]),
    () => `seq 1 ${r.pick([1999, 2000, 2001, 2002])}`,
    () => `seq 1 ${r.pick([1999, 2000])} | sed 's/$/ padding/'`,
    () => `head -c ${r.pick(sizes)} /dev/zero | tr '\\0' a`,
    () => `yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz | head -c ${r.pick(sizes)}`,
    () => `head -c ${r.pick([51197, 51198, 51199, 51200])} /dev/zero | tr '\\0' a; printf '${r.pick(["\\303\\251", "\\342\\234\\223", "\\360\\237\\230\\200"])}'`,
    () => `printf 'head\\n'; head -c ${r.pick([51200, 60000])} /dev/zero | tr '\\0' b`,
    () => r.pick(["echo héllo wörld", "echo 日本語", "printf '%s\\n' 'emoji 😀'", 'echo "tab\there"']),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    () => r.pick(["pwd", 'echo "$PWD"', 'basename "$HOME"', "echo ${SHELL:-unset} | sed 's#.*/##'", "printf '%s\\n' \"$0\" | sed 's#.*/##'"]),
    () => (b.profile === "opencode-core" ? `head -c ${r.pick([1048575, 1048576, 1048577])} /dev/zero | tr '\\0' c` : `seq 1 ${r.pick([20000, 30000])}`),
    () => `cat ${b.someStableFile().path}`,
    () => `wc -l < ${b.someStableFile().path}`,
  ])();
}

/**
 * Commands that print, then outlive their timeout by seconds (a margin the load cannot eat): v1
 * keeps the output so far and appends the timeout's shell_metadata; v2 reports the timeout in its
 * place. Output before the kill: a line, a line without its newline, stdout then stderr, a tail
 * past 2000 lines (v1 cuts it and saves the whole), multi-byte text.
 * @see spec §2.1, §2.1b; issue 30 (bash timeouts with partial output)
 */
function partialCommand(b: ScenarioWorkspaceBuilder): string {
  const before = b.random.pick(["echo early", "printf 'no newline'", "echo out; echo err >&2", "seq 1 2500", "printf 'h\\303\\251 \\342\\234\\223\\n'", "pwd", ":"]);
  return `${before}; sleep ${b.random.pick([6, 8])}; echo late`;
}

/**
 * bash: output edges (bytes, terminators, control bytes, sizes at and one past 51200 bytes and
 * 2000 lines, the v2 1 MiB capture), quiet failures, merged stderr, workdirs that exist, are
 * missing or are files, timeouts at and below their minima and of the wrong type, extra keys.
 * @see spec §2.1, §2.1b
 */
const bashCalls: CallMaker[] = [
  (b) => readOnly("bash", { command: bashCommand(b) }),
  (b) => readOnly("bash", { command: bashCommand(b) }),
  (b) => readOnly("bash", { command: bashCommand(b) }),
  (b) => readOnly("bash", { command: b.random.pick(["pwd", "ls", "echo in-workdir"]), workdir: b.random.pick(["src", "docs", "missing-workdir", b.someStableFile().path, "."]) }),
  (b) => readOnly("bash", { command: "echo timed", timeout: b.random.pick<unknown>([0, -1, 1.5, "5000", 600000, 600001, null]) }),
  (b) => readOnly("bash", { command: "sleep 2; echo late", timeout: b.random.pick([300, 1000]) }),
  (b) => readOnly("bash", { command: partialCommand(b), timeout: b.random.pick([1000, 1500, 2000]) }),
  (b) => readOnly("bash", { command: "echo extra", [b.random.pick(["description", "cwd", "Command"])]: "x" }),
  (b) => {
    const command = b.random.pick<unknown>([42, null, ["echo"], ""]);
    return { ...readOnly("bash", { command }), alone: b.profile === "opencode-core" && command === "" };
  },
];

/**
 * write: new files (nested, odd names), overwrites, bodies with a BOM, CRLF, multi-byte
 * characters or nothing; a directory or a path below a file as target; wrong types.
 * @see spec §2.3
 */
const writeCalls: CallMaker[] = [
  (b) =>
    mutating("write", {
      filePath: b.fresh("new", ".txt", b.random.pick(["", "out/", "out/deep/er/"])),
      content: b.random.pick(["hello\n", "", "a\r\nb\r\n", "\ufeffbom\n", "héllo 😀\n", "no newline", smallLines(b.random).join("\n")]),
    }),
  (b) => {
    const path = b.fresh("over", ".txt");
    b.files[path] = b.random.pick(["old\n", "\ufeffold with bom\n", "old\r\n"]);
    return mutating("write", { filePath: path, content: b.random.pick(["new\n", "\ufeffnew\n", "new\r\n", ""]) });
  },
  (b) => mutating("write", { filePath: b.listedDirectory(), content: "x\n" }),
  (b) => mutating("write", { filePath: `${b.someStableFile().path}/below.txt`, content: "x\n" }),
  (b) => mutating("write", { filePath: b.fresh("typed", ".txt"), content: b.random.pick<unknown>([42, null, { text: "x" }]) }),
  (b) => mutating("write", { filePath: b.fresh("extra", ".txt"), content: "x\n", mode: "append" }),
];

/** A whitespace or line-ending variant of an edit target (what v1's fuzzy replacers forgive). */
function varied(random: SeededRandom, old: string): string {
  return random.pick([
    () => old.replace(/\r\n/g, "\n"),
    () => old.replace(/\n/g, "\r\n"),
    () => old.replace(/^ +/gm, "").replace(/^\t/gm, ""),
    () => `  ${old}`,
    () => old.replace(/ +$/gm, ""),
    () => `${old} `,
    () => old.trim(),
    () => old.toUpperCase(),
  ])();
}

/**
 * edit: exact matches, line-ending and whitespace variants, not found, several matches with and
 * without replaceAll, identical strings, empty oldString on an existing and a missing file, a
 * directory, a missing file, wrong types.
 * @see spec §2.4
 */
const editCalls: CallMaker[] = [
  (b) => {
    const r = b.random;
    const target = editableText(r);
    const path = b.fresh("edit", r.pick([".js", ".txt", ".md"]));
    b.files[path] = target.text;
    const lines = target.text.split(target.eol).filter((line) => line.length > 0);
    const start = r.int(0, lines.length - 1);
    const span = lines.slice(start, start + r.int(1, 2)).join(target.eol);
    const kind = r.int(0, 7);
    const newString = r.pick(["REPLACED", "replaced\nover two lines", "", "héllo ✓", "x\r\ny", span + " // changed"]);
    if (kind === 0) return mutating("edit", { filePath: path, oldString: span, newString });
    if (kind === 1) return mutating("edit", { filePath: path, oldString: varied(r, span), newString });
    if (kind === 2) return mutating("edit", { filePath: path, oldString: "alpha", newString: "ALPHA", ...(r.chance(0.5) ? { replaceAll: r.pick<unknown>([true, false, "true"]) } : {}) });
    if (kind === 3) return mutating("edit", { filePath: path, oldString: span, newString: span });
    if (kind === 4) return mutating("edit", { filePath: path, oldString: "", newString: "prefix\n" });
    if (kind === 5) return mutating("edit", { filePath: path, oldString: "not in the file at all", newString: "x" });
    if (kind === 6) return mutating("edit", { filePath: path, oldString: target.text, newString: r.pick(["whole\n", ""]) });
    return mutating("edit", { filePath: path, oldString: span.slice(0, Math.max(1, Math.floor(span.length / 2))), newString: "half" });
  },
  (b) => mutating("edit", { filePath: b.fresh("created", ".txt"), oldString: "", newString: b.random.pick(["made\n", "", "a\r\nb\n"]) }),
  (b) => mutating("edit", { filePath: b.fresh("absent", ".txt"), oldString: "x", newString: "y" }),
  (b) => mutating("edit", { filePath: b.listedDirectory(), oldString: "x", newString: "y" }),
  (b) => {
    const path = b.fresh("bom-edit", ".txt");
    b.files[path] = { base64: Buffer.from("\ufeffkeep\r\nchange me\r\n", "utf8").toString("base64") };
    return mutating("edit", { filePath: path, oldString: b.random.pick(["change me", "change me\n", "keep\nchange me"]), newString: "changed" });
  },
  (b) => mutating("edit", { filePath: b.fresh("typed", ".txt"), oldString: b.random.pick<unknown>([1, null]), newString: "y" }),
];

/** Glob patterns over the generated tree: matches, none, braces, classes, odd syntax. */
const GLOB_PATTERNS = ["*.txt", "**/*.md", "**/*.ts", "src/*", "nomatch-*.zzz", "**/{notes,data}-*", "**/[A-Z]*", "*", "**/*", "deep/**", "[", "**/*.{txt,log}"];

/**
 * glob: patterns that match many, one or nothing; a search path that is missing, a file or a
 * subdirectory; wrong types.
 * @see spec §2.6
 */
const globCalls: CallMaker[] = [
  (b) => {
    b.someStableFile();
    return readOnly("glob", { pattern: b.random.pick(GLOB_PATTERNS) });
  },
  (b) => {
    b.someStableFile();
    const file = b.someStableFile().path;
    const path = b.random.pick(["src", "docs", "missing-dir", ".", file, b.listedDirectory()]);
    return { ...readOnly("glob", { pattern: b.random.pick(GLOB_PATTERNS), path }), alone: b.profile === "opencode-core" && path === file };
  },
  (b) => readOnly("glob", { pattern: b.random.pick<unknown>([7, null, ""]) }),
];

/** Grep patterns: literals, anchors, classes, and invalid regexes. */
const GREP_PATTERNS = ["line 1", "TODO", "alpha", "^a", "y$", "é", "😀", "\\bbeta\\b", "[0-9]{3}", "(", "[a-", "a{2,1}", "\\p{Nope}", "*star", "a|b", "zzz-nothing", "\\r", "\\x1b", "(?i)readme"];

/**
 * grep: every pattern over the generated files (CRLF, BOM, invalid bytes, 2000-char lines, many
 * matches), invalid regexes, include globs, a file, missing or subdirectory as path; wrong types.
 * @see spec §2.5
 */
const grepCalls: CallMaker[] = [
  (b) => {
    b.someStableFile();
    return readOnly("grep", { pattern: b.random.pick(GREP_PATTERNS) });
  },
  (b) => {
    const file = b.someStableFile();
    return readOnly("grep", { pattern: b.random.pick(GREP_PATTERNS), path: b.random.pick([file.path, "missing-dir", "src", "."]) });
  },
  (b) => {
    b.someStableFile();
    return readOnly("grep", { pattern: b.random.pick(GREP_PATTERNS), include: b.random.pick(["*.txt", "*.{md,ts}", "nomatch", "**/*.log", ""]) });
  },
  (b) => {
    // a match line of 1999, 2000 or 2001 chars (with its terminator)
    const length = b.random.pick([1998, 1999, 2000, 2001]);
    const path = b.fresh("longmatch", ".txt");
    b.files[path] = { repeat: "m", count: length - 6, prefix: "NEEDLE", suffix: b.random.pick(["\n", "\r\n", "é\n", "😀\n", ""]) };
    return readOnly("grep", { pattern: "NEEDLE", path });
  },
  (b) => {
    const path = b.fresh("many", ".txt");
    const count = b.random.pick([99, 100, 101]);
    b.files[path] = { repeat: "hit {n}\n", count };
    return readOnly("grep", { pattern: "hit", path });
  },
  (b) => readOnly("grep", { pattern: b.random.pick<unknown>([5, null]), ...(b.random.chance(0.5) ? { path: "." } : {}) }),
];

/** Pages for webfetch: plain text edges, simple HTML, JSON, error statuses, empty bodies. */
function page(b: ScenarioWorkspaceBuilder): { path: string; page: ScenarioPage; html: boolean } {
  const r = b.random;
  const path = `/pages/${b.fresh("page", "")}`;
  const kind = r.int(0, 6);
  if (kind === 0)
    return { path, html: false, page: { contentType: "text/plain; charset=utf-8", body: r.pick(["plain\r\ntext\r\n", "héllo 😀\n", "", "  padded  \n\n", "tab\tand\u001b[1mansi\u001b[0m\n"]) } };
  if (kind === 1)
    return {
      path,
      html: true,
      page: {
        body: r.pick([
          "<html><head><title> Title </title></head><body><h1>Head</h1><p>A <em>b</em> <strong>c</strong> &amp; d &lt;e&gt;</p></body></html>",
          "<p>one</p><p>two</p>",
          "<ul><li>a</li><li>b</li></ul>",
          "<pre><code>x = 1\n  y = 2\n</code></pre>",
          "<p>&copy; &nbsp;x&#x2713; &#233;&quot;</p>",
          "<div>  spaced   out  </div>",
          "<script>var x=1;</script><p>after script</p><style>p{}</style>",
          '<h2>Sub</h2><a href="/x">link</a>',
          "",
        ]),
      },
    };
  if (kind === 2) return { path, html: false, page: { contentType: "application/json", body: r.pick(['{"a":1,"b":[true,null]}', "[]", '{"text":"héllo"}']) } };
  if (kind === 3) return { path, html: false, page: { status: r.pick([404, 500, 201, 204, 301]), contentType: "text/plain", body: r.pick(["not found\n", "", "created\n"]) } };
  if (kind === 4) return { path, html: false, page: { contentType: "text/plain", body: { repeat: "w{n}\n", count: r.pick([1999, 2000, 2001]) } } };
  if (kind === 5) return { path, html: false, page: { contentType: "text/plain", body: { repeat: `${"q".repeat(99)}\n`, count: r.pick([511, 512, 513]) } } };
  return { path, html: false, page: { contentType: r.pick(["text/csv", "application/xml", "text/markdown", "application/octet-stream"]), body: "a,b\n1,2\n" } };
}

/**
 * webfetch: pages from the fake server in every format; non-2xx statuses; other schemes; sizes at
 * and past the generic truncation limits; timeouts of the wrong type; missing url.
 * @see spec §2.8
 */
const webfetchCalls: CallMaker[] = [
  (b) => {
    const { path, page: served } = page(b);
    b.pages[path] = served;
    const format = b.random.pick<unknown>(["text", "html", "markdown", undefined]);
    return readOnly("webfetch", { url: `{{origin}}${path}`, ...(format === undefined ? {} : { format }) });
  },
  (b) => {
    const { path, page: served } = page(b);
    b.pages[path] = served;
    return readOnly("webfetch", { url: `{{origin}}${path}`, format: "text" });
  },
  (b) => readOnly("webfetch", { url: b.random.pick(["ftp://127.0.0.1/x", "file:///etc/hostname", "not a url", "{{origin}}/pages/never-served"]), format: "text" }),
  (b) => readOnly("webfetch", { url: "{{origin}}/pages/none", format: b.random.pick<unknown>(["pdf", 1, "TEXT"]) }),
  (b) => readOnly("webfetch", { url: b.random.pick<unknown>([1, null]) }),
];

const STATUSES = ["pending", "in_progress", "completed", "cancelled"];
const PRIORITIES = ["high", "medium", "low"];

/**
 * todowrite: lists of one to three items, an empty list, unknown keys, missing keys, unknown
 * status values, and todos of the wrong type.
 * @see spec §2.10
 */
const todowriteCalls: CallMaker[] = [
  (b) => {
    const r = b.random;
    const todos = Array.from({ length: r.int(0, 3) }, (_, index) => ({ content: r.pick([`Step ${index + 1}`, "héllo ✓", "multi\nline", ""]), status: r.pick(STATUSES), priority: r.pick(PRIORITIES) }));
    return readOnly("todowrite", { todos });
  },
  (b) => {
    const r = b.random;
    const item: Record<string, unknown> = { content: "odd", status: r.pick([...STATUSES, "done"]), priority: r.pick([...PRIORITIES, "urgent"]) };
    const variant = r.int(0, 3);
    if (variant === 0) item.id = "1";
    if (variant === 1) delete item.priority;
    if (variant === 2) return readOnly("todowrite", { todos: [{ priority: "low", content: "reordered", status: "pending" }] });
    return readOnly("todowrite", { todos: [item] });
  },
  (b) => readOnly("todowrite", { todos: b.random.pick<unknown>(["not a list", null, [1]]) }),
];

/** Calls to tools that do not exist, or in another letter case. @see spec §2.0 (repair) */
const unknownCalls: CallMaker[] = [(b) => readOnly(b.random.pick(["Read", "BASH", "list", "frobnicate"]), b.random.pick([{ filePath: b.someStableFile().path }, { command: "echo hi" }, {}]))];

/** What a child session ends with: blanks, blank lines, CR and CRLF, Unicode, nothing. */
const CHILD_REPORTS = ["done", "Found 3 files.\nAll good.", "  indented\n\n\ttab\n  ", "line1\r\nline2\r\n", "a\rb", "é ✓ 😀\u2028next", "trailing\n", "", " "];

/**
 * task: a child session with a script of its own (spec §2.13) — it reads a stable file, runs a
 * command that changes nothing, writes a file of its own, globs, then ends with a text — under
 * general, explore (not offered write) or build; a prompt no script holds; agent names the table
 * does not hold; task_ids that are not session ids (empty counts as none); invalid arguments.
 * Alone in its turn (the child's writes). v2 offers no task: each is its unknown-tool error.
 */
const taskCalls: CallMaker[] = [
  (b) => {
    const key = b.fresh("SUB", ":");
    const own = b.fresh("sub-out", ".txt");
    const subCall = (): ScenarioCall => {
      const kind = b.random.int(0, 3);
      if (kind === 0) return { tool: "read", input: { filePath: `{{workspace}}/${b.someStableFile().path}` } };
      if (kind === 1) return { tool: "bash", input: { command: b.random.pick(["echo child", "ls", "true"]) } };
      if (kind === 2) return { tool: "write", input: { filePath: `{{workspace}}/${own}`, content: "from the child\n" } };
      return { tool: "glob", input: { pattern: "*.txt" } };
    };
    const turns = Array.from({ length: b.random.int(0, 2) }, () => ({ calls: [subCall(), ...(b.random.chance(0.5) ? [subCall()] : [])] as [ScenarioCall, ...ScenarioCall[]] }));
    b.subagents.push({ prompt: key, turns: [...turns, { text: b.random.pick(CHILD_REPORTS) }] } as unknown as ScenarioSubagent);
    const input: Record<string, unknown> = {
      description: b.random.pick(["look", "count lines"]),
      prompt: `${key} do the work`,
      subagent_type: b.random.pick(["general", "general", "explore", "build"]),
    };
    if (b.random.chance(0.15)) input.task_id = "";
    return { ...mutating("task", input), alone: true };
  },
  (b) => ({ ...readOnly("task", { description: "nobody", prompt: `${b.fresh("NOSCRIPT", ":")} here`, subagent_type: b.random.pick(["general", "explore"]) }), alone: true }),
  (b) => readOnly("task", { description: "odd agent", prompt: "no child runs", subagent_type: b.random.pick(["General", "wizard", "Explore", ""]) }),
  (b) => readOnly("task", { description: "resume", prompt: "no child runs", subagent_type: "general", task_id: b.random.pick(["nope", "x1", "task 1"]) }),
  (b) =>
    readOnly(
      "task",
      b.random.pick<Record<string, unknown>>([
        { description: "d", prompt: "p" },
        { description: "d", prompt: 3, subagent_type: "general" },
        { prompt: "p", subagent_type: "general" },
      ]),
    ),
];

/**
 * Directory paths written with a trailing slash (issue 30): both runtimes resolve a relative path
 * without it (v1 `path.resolve`, v2 LocationMutation), so `dir/` reads, globs, greps and runs in
 * `dir`, and `file/` reads the file; an absolute directory path keeps its slash in v1's `<path>`.
 * @see spec §2.2, §2.2b, §2.5, §2.6; docs/unsupported-rules.md (read resolves a relative path)
 */
const slashCalls: CallMaker[] = [
  (b) => readOnly("read", { filePath: `${b.listedDirectory()}/` }),
  (b) => readOnly("read", { filePath: `{{workspace}}/${b.listedDirectory()}/` }),
  (b) => readOnly("read", { filePath: `${b.someStableFile().path}/` }),
  (b) => readOnly("glob", { pattern: b.random.pick(["*", "*.txt", "**/*"]), path: `${b.listedDirectory()}/` }),
  (b) => {
    b.someStableFile();
    return readOnly("grep", { pattern: b.random.pick(["a", "txt", "inner", "^[A-Z_]"]), path: b.random.pick([`${b.listedDirectory()}/`, "src/", "deep/a/"]) });
  },
  (b) => readOnly("bash", { command: b.random.pick(["pwd", "ls", "echo in-workdir"]), workdir: `${b.listedDirectory()}/` }),
];

/**
 * Symbolic links, made by a command (`ln -s`, the workspace has no links of its own) and read in
 * the turns after it: a link to a file (v1 reads at the path given, v2 at the real path, which
 * names the result), to a folder (its listing, a file below it), a dangling link (v1 `File not
 * found` whose suggestions list the link, v2 `Unable to read`), a link in a folder that is then
 * listed (v2 lists only entries whose real path lies inside the folder). Links point inside the
 * workspace only (a link out of it is v2's location_escape, unsupported). The command is alone in
 * its turn (it is a shell command that changes the workspace).
 * @see spec §2.2, §2.2b; docs/unsupported-rules.md (v2 reads through a link); issue 30 (symlinks)
 */
const symlinkCalls: CallMaker[] = [
  (b) => {
    const target = b.someStableFile().path;
    const link = b.fresh("lnk", b.random.pick(["", ".txt"]));
    return { alone: true, ...mutating("bash", { command: `ln -s ${target} ${link} && echo linked` }), followUps: [() => ({ tool: "read", input: { filePath: link } })] };
  },
  (b) => {
    const directory = b.listedDirectory();
    const entry = Object.keys(b.files).find((path) => path.startsWith(`${directory}/`) && !path.slice(directory.length + 1).includes("/"));
    const link = b.fresh("lnkdir", "");
    const below = entry === undefined ? "missing.txt" : entry.slice(directory.length + 1);
    return {
      alone: true,
      ...mutating("bash", { command: `ln -s ${directory} ${link} && echo linked` }),
      followUps: [() => ({ tool: "read", input: { filePath: b.random.chance(0.5) ? link : `${link}/` } }), () => ({ tool: "read", input: { filePath: `${link}/${below}` } })],
    };
  },
  (b) => {
    const link = b.fresh("dangling", ".txt");
    return { alone: true, ...mutating("bash", { command: `ln -s ${b.fresh("gone", ".txt")} ${link} && echo linked` }), followUps: [() => ({ tool: "read", input: { filePath: link } })] };
  },
  (b) => {
    const directory = b.listedDirectory();
    const target = b.random.pick([`../${b.someStableFile().path}`, ".", "missing-target", "a.txt"]);
    return {
      alone: true,
      ...mutating("bash", { command: `ln -s ${target} ${directory}/${b.fresh("entry", "")} && echo linked` }),
      followUps: [() => ({ tool: "read", input: { filePath: directory } })],
    };
  },
];

/** Per scenario under construction, whether an opencode-cli call that asks has been made (its run ends there). */
const cliAsked = new WeakSet<ScenarioWorkspaceBuilder>();

/** A file the default `read` rules ask for (`*.env`, `*.env.*`), or one they allow (`*.env.example`, no match). */
function envFile(b: ScenarioWorkspaceBuilder): string {
  const path = b.fresh("cfg", "", b.random.pick(["", "src/"])) + b.random.pick(["/.env", ".env", ".env.local", ".env.example", "-env.txt"]);
  b.files[path] = b.random.pick(["KEY=value\n", "A=1\r\nB=2\r\n", ""]);
  return path;
}

/**
 * Permission asks (spec §2.15): targets outside the workspace (`external_directory`: a missing
 * folder beside it, the run directory as bash's workdir, glob and grep there on v1) and the
 * default `read` rules for `.env` files. v1 (`opencode run`) rejects the ask and its session ends
 * at the call: one such call a scenario, scripted last (a later call would go unjudged). v2 waits
 * for the answer: alone in its turn (asks in the order scripted), answered `once` or `always`
 * (the scenario's `permissionReplies`; `always` saves the pattern, so a later ask may not come).
 * A call that asks nothing (a `.env.example`) stays where it is drawn.
 * @see spec §2.15; issue 30 (permission asks: v1 refuses, v2 asks)
 */
const permissionCalls: CallMaker[] = [
  (b) => askingCall(b, "read", { filePath: envFile(b) }, true),
  (b) => askingCall(b, "read", { filePath: `{{workspace}}/../${b.fresh("nowhere", "")}/${b.random.pick(["x.txt", "deep/y.md"])}` }),
  (b) => askingCall(b, "bash", { command: b.random.pick(["echo outside", "true"]), workdir: "{{workspace}}/.." }),
  (b) =>
    b.profile === "opencode-cli"
      ? askingCall(b, b.random.pick(["glob", "grep"]), { pattern: "*.txt", path: "{{workspace}}/.." })
      : askingCall(b, "read", { filePath: `{{workspace}}/../${b.fresh("nowhere", ".txt")}` }),
];

/** A call that may ask: last in its scenario on v1 (or, a scenario's ask made, a trailing-slash read instead), alone with a reply on v2. */
function askingCall(b: ScenarioWorkspaceBuilder, tool: string, input: Record<string, unknown>, mayNotAsk = false): GeneratedCall {
  const path = String(input.filePath ?? "");
  if (mayNotAsk && !/\.env(\.(?!example$)[^/]*)?$/.test(path)) return readOnly(tool, input);
  if (b.profile === "opencode-cli") {
    if (cliAsked.has(b)) return readOnly("read", { filePath: `${b.listedDirectory()}/` });
    cliAsked.add(b);
    return { ...readOnly(tool, input), last: true };
  }
  b.permissionReplies.push(b.random.pick(["once", "once", "always"]));
  return { ...readOnly(tool, input), alone: true };
}

/**
 * Instruction files below the workspace root (`AGENTS.md`; v1 also `CLAUDE.md`, `CONTEXT.md`):
 * the tree holds them, searches and listings find them, a file beside them is read, and a file
 * below them (v1 appends the `<system-reminder>` to the first such read of the session, v2
 * nothing; an empty instruction file is never reminded), possibly with an offset.
 * @see spec §2.2 step 9; issue 30 (instruction files found below the workspace root)
 */
const instructionCalls: CallMaker[] = [
  (b) => {
    const folder = b.fresh("rules", "/");
    b.files[`${folder}${b.random.pick(b.profile === "opencode-cli" ? ["AGENTS.md", "CLAUDE.md", "CONTEXT.md"] : ["AGENTS.md"])}`] = b.random.pick(["Be nice.\n", "# Rules\r\nUse tabs.\r\n", ""]);
    const beside = b.fresh("beside", ".txt", b.random.pick(["", "src/"]));
    b.files[beside] = "next to the rules\n";
    return b.random.pick([
      () => readOnly("read", { filePath: beside }),
      () => readOnly("glob", { pattern: b.random.pick(["**/AGENTS.md", "**/*.md", `${folder}*`]) }),
      () => readOnly("grep", { pattern: b.random.pick(["Be nice", "Rules", "tabs"]) }),
      () => readOnly("bash", { command: `ls ${folder}` }),
      () => readOnly("read", { filePath: folder.slice(0, -1) }),
      () => {
        const below = b.fresh("ruled", ".txt", b.random.pick([folder, `${folder}deep/`]));
        b.files[below] = "one\ntwo\nthree\n";
        return readOnly("read", b.random.chance(0.5) ? { filePath: below } : { filePath: below, offset: 2, limit: 1 });
      },
    ])();
  },
];

/**
 * A provider fault on a turn whose calls change nothing (a fault may come after some of a turn's
 * calls were streamed, and the retry runs them again): a rate limit or a server error once, which
 * both runtimes retry to the same reply (spec §4.5, bash-after-rate-limit, bash-after-server-error).
 * @see issue 30 (what each runtime does after a provider stream is cut)
 */
function turnFault(random: SeededRandom, calls: readonly GeneratedCall[]): ScenarioFault | undefined {
  if (calls.some((call) => call.mutates || call.call.tool === "task") || !random.chance(0.06)) return undefined;
  return random.pick<ScenarioFault>([{ kind: "rate-limit", retryAfter: 0 }, { kind: "server-error" }]);
}

/** Every tool's call makers with its weight in a campaign. */
const CALL_MAKERS: DifferentialVocabulary["makers"] = [
  { tool: "read", weight: 24, makers: readCalls },
  { tool: "bash", weight: 22, makers: bashCalls },
  { tool: "edit", weight: 14, makers: editCalls },
  { tool: "write", weight: 8, makers: writeCalls },
  { tool: "grep", weight: 12, makers: grepCalls },
  { tool: "glob", weight: 7, makers: globCalls },
  { tool: "webfetch", weight: 8, makers: webfetchCalls },
  { tool: "todowrite", weight: 4, makers: todowriteCalls },
  { tool: "unknown", weight: 1, makers: unknownCalls },
  { tool: "task", weight: 3, makers: taskCalls },
  { tool: "slash", weight: 3, makers: slashCalls },
  { tool: "symlink", weight: 2, makers: symlinkCalls },
  { tool: "permission", weight: 2, makers: permissionCalls },
  { tool: "instructions", weight: 2, makers: instructionCalls },
];

/** opencode's vocabulary: the scenarios are written in `profile`'s argument names. */
export function opencodeDifferentialVocabulary(profile: "opencode-cli" | "opencode-core"): DifferentialVocabulary {
  return {
    namePrefix: profile === "opencode-cli" ? "cli" : "core",
    spec: "§2.0–§2.10, §2.13, §3.1, §3.2",
    aims: "over line endings, BOMs, invalid bytes, limits, odd arguments and failing paths",
    makers: CALL_MAKERS,
    searching: new Set(["glob", "grep", "bash"]),
    turnFault,
  };
}
