import { addEditableFile, smallLines } from "../differential-content.js";
import { type CallMaker, type DifferentialVocabulary, type DifferentialWorkspace, differentialCall, type GeneratedCall } from "../differential-vocabulary.js";

/**
 * Gemini CLI's call vocabulary for the differential campaign: read_file over every generated body
 * and the start_line/end_line edges, run_shell_command over the output edges (the 40,000-char cut,
 * exit codes, signals, whitespace, invalid and binary bytes, ANSI escapes, dir_path, refusals),
 * list_directory with ignore globs and every kind of path, glob and grep_search (and its old name
 * search_file_content) with their options and refusals, replace and write_file with their
 * refusals, CRLF and directories, write_todos, update_topic, the background tools before anything
 * was backgrounded, web_fetch of loopback pages (always blocked), names the CLI does not know
 * (save_memory, exit_plan_mode outside plan mode, capitalised names) and arguments its schemas
 * refuse; google_web_search, activate_skill and invoke_agent on the scenario's subagent scripts
 * and workspace skills (§16.4). Left out on purpose, because the profile answers `unsupported`
 * for them (spec §14): the installation's skills and the other agents, a GEMINI.md below the root, git repositories,
 * patterns ripgrep refuses but JavaScript accepts, absolute or `..` glob patterns; and output that
 * mixes stdout and stderr without a pause (which pipe delivers first is a race, spec §2.2).
 * @see docs/spec/gemini-cli-0.61.0.md §2–§11, §16.2, §16.3; issue 28 item 5
 */
const { readOnly, mutating } = differentialCall;
const at = (path: string) => `{{workspace}}/${path}`;
/** A path as the model may give it: absolute, or relative to the workspace. */
const either = (b: DifferentialWorkspace, path: string) => (b.random.chance(0.6) ? at(path) : path);

/** Line numbers at and around the edges, and values the schema refuses. */
const line = (b: DifferentialWorkspace, around: number[]): unknown => b.random.pick<unknown>([...around, 1, 2, 0, -1, "2", 1.5, null]);

const readCalls: CallMaker[] = [
  (b) => readOnly("read_file", { file_path: either(b, b.stableFile().path) }),
  (b) => readOnly("read_file", { file_path: either(b, b.someStableFile().path) }),
  (b) => readOnly("read_file", { file_path: either(b, b.someStableFile().path), start_line: line(b, [1, 2, 3, 5, 1999, 2000, 2001, 2002]) }),
  (b) => readOnly("read_file", { file_path: either(b, b.someStableFile().path), end_line: line(b, [1, 2, 3, 1999, 2000, 2001]) }),
  (b) =>
    readOnly("read_file", {
      file_path: either(b, b.someStableFile().path),
      start_line: b.random.pick([1, 2, 3, 4, 1999, 2000, 2001]),
      end_line: b.random.pick([1, 2, 3, 5, 100, 2000, 4000]),
    }),
  (b) => readOnly("read_file", { file_path: either(b, b.listedDirectory()) }),
  (b) => {
    const existing = b.someStableFile().path;
    const missing = b.random.pick([`${existing}.orig`, `nothing-here-${b.random.int(1, 99)}.txt`, "missing-dir/x.txt", `${existing}/child.txt`]);
    return readOnly("read_file", { file_path: either(b, missing) });
  },
  (b) => readOnly("read_file", { file_path: b.random.pick(["/etc/hostname", "../outside.txt", "/tmp/x.txt"]) }),
  (b) => {
    const path = b.fresh(b.random.pick(["blob", "data", "archive"]), b.random.pick([".bin", ".dat", ".zip", ".exe", ".sqlite", ".o"]));
    b.files[path] = b.random.pick(["plain text\n", "", { base64: "AAECAwQ=" }, { base64: "f0VMRgIBAQAAAAAAAAAAAA==" }]);
    return readOnly("read_file", { file_path: either(b, path) });
  },
  (b) => {
    const kind = b.random.pick([
      { name: "pixel", ext: ".png", base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" },
      {
        name: "photo",
        ext: ".jpg",
        base64:
          "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////2wBDAf//////////////////////////////////////////////////////////////////////////////////////wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKp//9k=",
      },
      { name: "doc", ext: ".pdf", base64: Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1").toString("base64") },
    ]);
    const path = b.fresh(kind.name, kind.ext);
    b.files[path] = { base64: kind.base64 };
    return readOnly("read_file", { file_path: either(b, path) });
  },
  (b) => {
    const path = b.fresh("icon", ".svg");
    b.files[path] = b.random.pick([`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n`, `<svg>\r\n  <g/>\r\n</svg>`]);
    return readOnly("read_file", { file_path: either(b, path), ...(b.random.chance(0.4) ? { start_line: 2 } : {}) });
  },
  (b) => {
    const path = b.fresh("tune", b.random.pick([".wav", ".mp3", ".mp4"]));
    b.files[path] = smallLines(b.random).join("\n");
    return readOnly("read_file", { file_path: either(b, path) });
  },
  (b) => {
    const path = b.fresh("utf16", ".txt");
    const text = smallLines(b.random).join(b.random.pick(["\n", "\r\n"]));
    const bytes = [0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])];
    b.files[path] = { base64: Buffer.from(bytes).toString("base64") };
    return readOnly("read_file", { file_path: either(b, path) });
  },
];

/** Shell commands whose output sits on an edge (one stream at a time, or with a pause between them). */
function shellCommand(b: DifferentialWorkspace): string {
  const r = b.random;
  return r.pick([
    () =>
      r.pick(["printf 'a\\r\\nb\\r\\n'", "printf 'one\\rtwo\\n'", "printf 'no newline'", "printf '\\n\\n'", "printf ''", "true", ":", "printf '\\n\\n  padded  \\n'", "printf 'tab\\there\\n\\t\\n'"]),
    () => r.pick(["echo out; sleep 0.2; echo err >&2", "echo err >&2; exit 0", "echo a; exit 2", "exit 1", "false", "echo oops >&2; exit 7", "exit 255"]),
    () => r.pick(["printf 'bad \\377\\376 bytes\\n'", "printf '\\033[31mred\\033[0m plain\\n'", "printf 'héllo ✓ 日本\\n'", "printf 'a\\0b\\n'", "printf '\\033]0;title\\007text\\n'"]),
    () => `head -c ${r.pick([39900, 39950, 39967, 39968, 40000, 45000])} /dev/zero | tr '\\0' x`,
    () => `printf '${r.pick(["é", "✓", "😀"])}%.0s' {1..${r.pick([19990, 20000, 20010, 39990])}}`,
    () => `seq 1 ${r.pick([5000, 7000, 8000, 9000, 20000])}${r.chance(0.3) ? " >&2; exit 3" : ""}`,
    () => r.pick(["nosuchcommand-xyz", "if then fi", "echo 'unterminated", "cat /nonexistent/file", "ls /nonexistent"]),
    () => r.pick(["pwd", "cd sub-dir-x 2>/dev/null; pwd", "cd / && pwd", "cd .. ; pwd", "cd /tmp; echo moved"]),
    () => r.pick(["kill -TERM $$", "kill -KILL $$", "kill -TERM $$", "sleep 0.1 >/dev/null & echo started"]),
    () => `cat ${b.someStableFile().path} | head -c ${r.pick([10, 100, 5000])}`,
    () => `ls ${b.listedDirectory()}`,
    () => r.pick(["echo $(whoami)", "echo `date`", "cat <(echo x)", "echo ok > >(cat)"]),
    () => r.pick(["echo '</untrusted_context>'", "printf '<untrusted_context>\\nx\\n'", "echo '&lt;'"]),
  ])();
}

const shellCalls: CallMaker[] = [
  (b) => readOnly("run_shell_command", { command: shellCommand(b) }),
  (b) => readOnly("run_shell_command", { command: shellCommand(b), description: b.random.pick(["Run it", "", "héllo"]) }),
  (b) => {
    const file = b.someStableFile().path;
    const dir = b.random.pick(["src", "docs", ".", "missing-dir", file, `${file}/below`, "/", "..", "/tmp", b.listedDirectory(), at(".")]);
    return readOnly("run_shell_command", { command: b.random.pick(["pwd", "ls", "echo here"]), dir_path: dir });
  },
  (b) => readOnly("run_shell_command", { command: b.random.pick(["", "   "]) }),
  (b) =>
    readOnly("run_shell_command", {
      command: "echo hi",
      ...b.random.pick<Record<string, unknown>>([{ is_background: "yes" }, { delay_ms: "5" }, { delay_ms: 1.5 }, { dir_path: 7 }, { description: null }]),
    }),
];

/** A new file holding editable text, and the text. */
const editable = (b: DifferentialWorkspace) => addEditableFile(b, [".txt", ".js", ".py"], ["", "", "src/"]);

const replaceCalls: CallMaker[] = [
  (b) => {
    const { path, text } = editable(b);
    const lines = text.split(/\r?\n/).filter((entry) => entry !== "");
    const old = b.random.pick(lines);
    return mutating("replace", {
      file_path: either(b, path),
      instruction: "Change the line.",
      old_string: old,
      new_string: b.random.pick([`${old} changed`, "", old.toUpperCase(), "héllo", `${old}\nadded line`]),
      ...(b.random.chance(0.4) ? { allow_multiple: b.random.pick([true, false]) } : {}),
    });
  },
  (b) => {
    const { path, text, eol } = editable(b);
    const lines = text.split(eol);
    const start = b.random.int(0, Math.max(0, lines.length - 3));
    const old = lines.slice(start, start + 2).join(b.random.pick(["\n", eol]));
    return mutating("replace", { file_path: either(b, path), instruction: "Edit two lines.", old_string: old, new_string: b.random.pick(["one line", "", `${old}\n`]) });
  },
  (b) => {
    const { path } = editable(b);
    return mutating("replace", { file_path: either(b, path), instruction: "x", old_string: b.random.pick(["not in the file", "ALPHA", "alpha\nbeta"]), new_string: "x" });
  },
  (b) => {
    const { path, text } = editable(b);
    const old = text.split(/\r?\n/)[0] ?? "";
    return mutating("replace", { file_path: either(b, path), instruction: "x", old_string: old, new_string: old });
  },
  (b) =>
    mutating("replace", {
      file_path: either(b, b.fresh("new", ".txt", b.random.pick(["", "made/"]))),
      instruction: "Create it.",
      old_string: "",
      new_string: b.random.pick(["created\n", "", "a\r\nb"]),
    }),
  (b) => mutating("replace", { file_path: either(b, b.fresh("absent", ".txt")), instruction: "x", old_string: "x", new_string: "y" }),
  (b) => {
    const { path } = editable(b);
    return mutating("replace", { file_path: either(b, path), instruction: "x", old_string: "", new_string: "x" });
  },
  (b) => {
    const directory = b.fresh("dir", "");
    b.directories.push(directory);
    return mutating("replace", { file_path: either(b, directory), instruction: "x", old_string: "a", new_string: "b" });
  },
  (b) => {
    const { path, text } = editable(b);
    const old = text.split(/\r?\n/)[1] ?? "x";
    return mutating("replace", {
      file_path: either(b, path),
      instruction: "x",
      old_string: old,
      new_string: b.random.pick(["// rest of code ...", "// ... rest of methods ...", "(unchanged code ...)"]),
    });
  },
  (b) => mutating("replace", { file_path: b.random.pick(["/tmp/outside.txt", "../outside.txt"]), instruction: "x", old_string: "a", new_string: "b" }),
];

const writeCalls: CallMaker[] = [
  (b) =>
    mutating("write_file", {
      file_path: either(b, b.fresh("written", ".txt", b.random.pick(["", "", "deep/er/"]))),
      content: b.random.pick(["hello\n", "", "a\r\nb\r\n", "\ufeffbom\n", "héllo 😀\n", "no newline", smallLines(b.random).join("\n")]),
    }),
  (b) => {
    const { path, text } = editable(b);
    const lines = text.split(/\r?\n/);
    const content = b.random.pick(["replaced\n", "", text, lines.slice(1).join("\n"), `${text}appended\n`, text.toUpperCase()]);
    return mutating("write_file", { file_path: either(b, path), content });
  },
  (b) => {
    const directory = b.fresh("dir", "");
    b.directories.push(directory);
    return mutating("write_file", { file_path: either(b, directory), content: "x" });
  },
  (b) =>
    mutating("write_file", { file_path: either(b, b.fresh("holder", ".js")), content: b.random.pick(["function f() {\n  // rest of code ...\n}\n", "// ... unchanged methods ...\n", "ok...\n"]) }),
  (b) => mutating("write_file", { file_path: b.random.pick(["", "/tmp/outside.txt", "../outside.txt"]), content: "x" }),
];

/** list_directory: listings with ignore globs, files, missing paths, .geminiignore. */
const listCalls: CallMaker[] = [
  (b) => readOnly("list_directory", { dir_path: either(b, b.listedDirectory()) }),
  (b) => readOnly("list_directory", { dir_path: either(b, b.listedDirectory()), ignore: b.random.shuffle(["*.txt", "a*", "?.txt", "sub", "*.md", "Z", "*"]).slice(0, b.random.int(1, 2)) }),
  (b) => {
    b.someStableFile();
    return readOnly("list_directory", { dir_path: b.random.pick([".", "src", "docs", "deep/a", at("")]) });
  },
  (b) => {
    const file = b.someStableFile().path;
    return readOnly("list_directory", { dir_path: either(b, b.random.pick([file, "missing-dir", `${file}/x`])) });
  },
  (b) => {
    const directory = b.fresh("empty", "");
    b.directories.push(directory);
    return readOnly("list_directory", { dir_path: either(b, directory) });
  },
  (b) => readOnly("list_directory", { dir_path: b.random.pick(["/", "..", "/tmp"]) }),
  (b) => {
    const directory = b.listedDirectory();
    if (!Object.hasOwn(b.files, ".geminiignore")) b.files[".geminiignore"] = b.random.pick(["*.md\n", "# comment\n\nsub/\n", "a.txt\r\n*.md\r\n"]);
    return readOnly("list_directory", { dir_path: either(b, directory), ...(b.random.chance(0.3) ? { file_filtering_options: { respect_gemini_ignore: b.random.pick([true, false]) } } : {}) });
  },
];

/** Glob patterns over the generated tree (relative, never absolute nor with `..`, spec §7.4). */
const GLOB_PATTERNS = ["*.txt", "**/*.md", "**/*.ts", "src/*", "nomatch-*.zzz", "**/{notes,data}-*", "**/[A-Z]*", "*", "**/*", "deep/**", "**/*.{txt,log}", "**/readme*", "**/*.TXT"];

const globCalls: CallMaker[] = [
  (b) => {
    b.someStableFile();
    return readOnly("glob", { pattern: b.random.pick(GLOB_PATTERNS) });
  },
  (b) => {
    b.someStableFile();
    const file = b.someStableFile().path;
    return readOnly("glob", { pattern: b.random.pick(GLOB_PATTERNS), dir_path: b.random.pick(["src", "docs", "missing-dir", ".", file, b.listedDirectory(), "/", ".."]) });
  },
  (b) => {
    b.someStableFile();
    return readOnly("glob", { pattern: b.random.pick(GLOB_PATTERNS), case_sensitive: b.random.pick([true, false]) });
  },
  (b) => readOnly("glob", { pattern: b.random.pick<unknown>(["", "   ", 7, null]) }),
];

/** Grep patterns: literals, anchors, classes; and patterns JavaScript refuses. */
const GREP_PATTERNS = ["line 1", "TODO", "alpha", "^a", "y$", "é", "😀", "\\bbeta\\b", "[0-9]{3}", "a|b", "zzz-nothing", "gamma", "x", "(", "[a-", "*star"];

const grepCalls: CallMaker[] = [
  (b) => {
    b.someStableFile();
    return readOnly("grep_search", { pattern: b.random.pick(GREP_PATTERNS) });
  },
  (b) => {
    const file = b.someStableFile();
    return readOnly("grep_search", { pattern: b.random.pick(GREP_PATTERNS), dir_path: b.random.pick([file.path, "missing-dir", "src", ".", "/", ".."]) });
  },
  (b) => {
    b.someStableFile();
    return readOnly("grep_search", { pattern: b.random.pick(GREP_PATTERNS), include_pattern: b.random.pick(["*.txt", "*.{md,ts}", "nomatch", "**/*.log", "src/**"]) });
  },
  (b) => {
    b.someStableFile();
    return readOnly("grep_search", {
      pattern: b.random.pick(GREP_PATTERNS),
      ...b.random.pick<Record<string, unknown>>([
        { names_only: true },
        { exclude_pattern: b.random.pick(["beta", "^l", "("]) },
        { max_matches_per_file: b.random.pick([1, 2]) },
        { total_max_matches: b.random.pick([1, 3, 5]) },
      ]),
    });
  },
  (b) => {
    const length = b.random.pick([1998, 1999, 2000, 2001]);
    const path = b.fresh("longmatch", ".txt");
    b.files[path] = { repeat: "m", count: length - 6, prefix: "NEEDLE", suffix: b.random.pick(["\n", "\r\n", "é\n", "😀\n", ""]) };
    return readOnly("grep_search", { pattern: "NEEDLE", dir_path: path });
  },
  (b) => {
    const path = b.fresh("many", ".txt");
    b.files[path] = { repeat: "hit {n}\n", count: b.random.pick([2, 3, 4, 99, 100, 101]) };
    return readOnly("grep_search", { pattern: "hit", dir_path: path });
  },
  (b) => readOnly(b.random.pick(["grep_search", "search_file_content"]), { pattern: b.random.pick(GREP_PATTERNS), dir_path: b.random.pick(["src", "."]) }),
];

const TODO_STATUSES = ["pending", "in_progress", "completed", "cancelled", "blocked"];
const todoCalls: CallMaker[] = [
  (b) =>
    readOnly("write_todos", {
      todos: Array.from({ length: b.random.int(0, 4) }, () => ({ description: b.random.pick(["Write tests", "Fix the bug", "héllo ✓", "  spaced  ", ""]), status: b.random.pick(TODO_STATUSES) })),
    }),
  (b) => readOnly("write_todos", { todos: [{ description: "x", status: b.random.pick(["done", "PENDING", 3]) }] }),
];

const topicCalls: CallMaker[] = [
  (b) =>
    readOnly("update_topic", {
      ...(b.random.chance(0.6) ? { title: b.random.pick(["Reading files", "Fixing tests", "  padded title  ", "two\nlines", ""]) } : {}),
      ...(b.random.chance(0.5) ? { summary: b.random.pick(["Looking around.", "", "multi\nline"]) } : {}),
      strategic_intent: b.random.pick(["Find the bug.", "  ", "Check\nthe output", "Write the fix."]),
    }),
];

const backgroundCalls: CallMaker[] = [
  (b) => readOnly("list_background_processes", b.random.pick([{}, { wait_for_previous: true }])),
  (b) => readOnly("read_background_output", { pid: b.random.pick([1, 12345, 99999]), ...(b.random.chance(0.5) ? { lines: b.random.pick([1, 10]) } : {}) }),
];

const webFetchCalls: CallMaker[] = [
  (b) => {
    const path = `/pages/${b.fresh("page", ".html")}`;
    b.pages[path] = { body: `<html><body><p>${smallLines(b.random).join(" ")}</p></body></html>` };
    return readOnly("web_fetch", { prompt: `Summarize {{origin}}${path}${b.random.chance(0.3) ? " and http://localhost:9/x" : ""}` });
  },
  (b) => readOnly("web_fetch", { prompt: b.random.pick(["http://127.0.0.1/", "see http://10.0.0.1/x please", "http://192.168.1.1/ http://172.16.0.9:8080/x"]) }),
];

/** A grounded answer's metadata: sources with and without titles and URIs, supports at byte offsets in, at the edges of and past the text. */
function groundingMetadata(b: DifferentialWorkspace, text: string): Record<string, unknown> {
  const bytes = new TextEncoder().encode(text).length;
  const chunks = Array.from({ length: b.random.int(1, 4) }, (_, index) =>
    b.random.pick<Record<string, unknown>>([
      { web: { uri: `https://example.com/s${index}`, title: `Source ${index}` } },
      { web: { uri: `https://example.com/u${index}` } },
      { web: { title: "Only a title" } },
      {},
    ]),
  );
  const supports = Array.from({ length: b.random.int(0, 4) }, () => {
    const end = b.random.pick([0, 1, bytes, bytes + 3, b.random.int(0, bytes)]);
    const indices = Array.from({ length: b.random.int(1, 2) }, () => b.random.int(0, chunks.length - 1));
    return b.random.chance(0.85) ? { segment: { startIndex: 0, endIndex: end }, groundingChunkIndices: indices } : { groundingChunkIndices: indices };
  });
  return { groundingChunks: chunks, ...(supports.length > 0 ? { groundingSupports: supports } : {}) };
}

/** An answer's text: words, multi-byte characters (for offsets inside them), or blank. */
const answerText = (b: DifferentialWorkspace): string =>
  b.random.pick([smallLines(b.random).join(" "), `${smallLines(b.random, 1)[0]} é ü — 😀 ${smallLines(b.random, 1)[0]}.`, smallLines(b.random).join("\n"), "   ", ""]);

/**
 * google_web_search answered from a subagent script (its prompt a fresh token the query holds), or
 * from none, and its refusals; activate_skill of a workspace skill laid out for the call, of names
 * the session does not know, and its refusals; invoke_agent of unknown agents and of the
 * generalist on a script (complete_task, text only) or none (alone in its turn: its subagent
 * requests run beside the turn's other calls). @see spec §16.4
 */
const elsewhereCalls: CallMaker[] = [
  (b) => {
    const prompt = b.fresh("zq-search", ".");
    const text = answerText(b);
    b.subagents.push({ prompt, turns: [{ text, ...(b.random.chance(0.6) && text.trim() !== "" ? { groundingMetadata: groundingMetadata(b, text) } : {}) }] });
    return readOnly("google_web_search", { query: b.random.pick([prompt, `what is ${prompt}?`, `${prompt} and more`]) });
  },
  (b) => readOnly("google_web_search", b.random.pick<Record<string, unknown>>([{ query: b.fresh("zq-unscripted", ".") }, { query: "" }, { query: " \t" }, {}, { query: 7 }])),
  (b) => {
    const name = b.fresh("zq-skill", "");
    const folder = `.gemini/skills/${name}`;
    b.files[`${folder}/SKILL.md`] = `---\nname: ${name}\ndescription: A generated skill.\n---\n${b.random.pick(["", "\n"])}${smallLines(b.random).join("\n")}\n`;
    for (const extra of b.random.shuffle(["notes.txt", "B.md", "scripts/run.sh", "a/b/c.txt", "node_modules/x.js"]).slice(0, b.random.int(0, 3))) b.files[`${folder}/${extra}`] = "x\n";
    // alone in its turn: the calls beside it were checked against the workspace directories before it added its folder (seed 28203)
    return { ...readOnly("activate_skill", { name }), alone: true };
  },
  (b) => readOnly("activate_skill", b.random.pick<Record<string, unknown>>([{ name: "zq-no-such-skill" }, {}, { name: 3 }, { name: "demo", extra: true }])),
  (b) =>
    readOnly(
      "invoke_agent",
      b.random.pick<Record<string, unknown>>([{ agent_name: "zq_nobody", prompt: "x" }, { agent_name: "Generalist", prompt: "x" }, { agent_name: "generalist" }, { prompt: "x" }]),
    ),
  (b) => {
    const prompt = b.fresh("zq-task", ".");
    const kind = b.random.pick(["goal", "goal", "text", "none"]);
    if (kind === "goal") b.subagents.push({ prompt, turns: [{ calls: [{ tool: "complete_task", input: { result: { response: answerText(b) } } }] }] });
    if (kind === "text") b.subagents.push({ prompt, turns: [{ text: smallLines(b.random).join(" ") }] });
    return { ...readOnly("invoke_agent", { agent_name: "generalist", prompt: `Please do ${prompt} Then stop.` }), alone: true };
  },
];

/** Names the CLI does not register for gemini-2.5-pro (or only in plan mode), and capitalised forms of its own. */
const UNKNOWN_NAMES = ["save_memory", "exit_plan_mode", "ReadFile", "Shell", "read_many_files", "run_shell", "edit", "ls", "READ_FILE", "WriteFile", "grep", "web_search", "todo_write", "Glob"];
const unknownCalls: CallMaker[] = [(b) => readOnly(b.random.pick(UNKNOWN_NAMES), b.random.pick([{}, { file_path: "a.txt" }, { command: "echo hi" }]))];

/** Arguments the declared schemas refuse: missing, mistyped, under a minimum. */
const invalidCalls: CallMaker[] = [
  (b) => {
    const tool = b.random.pick(["read_file", "run_shell_command", "replace", "write_file", "list_directory", "glob", "grep_search", "write_todos"]);
    const input: Record<string, unknown> = b.random.pick<Record<string, unknown>>([
      {},
      { file_path: 42 },
      { command: ["echo"] },
      { dir_path: null },
      { pattern: { x: 1 } },
      { todos: "x" },
      { file_path: "a.txt", content: 1 },
      { file_path: "a.txt", start_line: 0 },
      { pattern: "x", total_max_matches: 0 },
      { dir_path: ".", ignore: "*.txt" },
    ]);
    return readOnly(tool, input);
  },
];

/**
 * Plan mode from the next turn on: later calls meet its policy (spec §16.1). Rare, so most of a
 * scenario runs outside it; alone in its turn, since calls after it in the same turn are validated
 * against the full registry before plan mode applies (observed, not modelled: spec §16.1).
 */
const planCalls: CallMaker[] = [(b) => ({ ...readOnly("enter_plan_mode", b.random.pick([{}, { reason: "Think first." }])), alone: true })];

/**
 * The CLI answers update_topic first in its turn (spec §16.5) and every other call in call order;
 * the gate places responses by their ids' `_<i>`. Two update_topic calls of one turn do not update
 * the topic in call order (observed: seed 28104; not modelled, spec §16.5): at most one a turn.
 */
function concurrent(call: GeneratedCall): boolean {
  return call.call.tool === "update_topic";
}

export const geminiCliDifferentialVocabulary: DifferentialVocabulary = {
  namePrefix: "gemini",
  argumentStyle: "gemini-cli",
  spec: "§2–§11, §16",
  aims: "over file kinds, line ranges, shell edges, searches, refusals and tool names",
  makers: [
    { tool: "read_file", weight: 22, makers: readCalls },
    { tool: "run_shell_command", weight: 20, makers: shellCalls },
    { tool: "replace", weight: 12, makers: replaceCalls },
    { tool: "write_file", weight: 8, makers: writeCalls },
    { tool: "list_directory", weight: 7, makers: listCalls },
    { tool: "glob", weight: 6, makers: globCalls },
    { tool: "grep_search", weight: 8, makers: grepCalls },
    { tool: "write_todos", weight: 3, makers: todoCalls },
    { tool: "update_topic", weight: 3, makers: topicCalls },
    { tool: "background", weight: 2, makers: backgroundCalls },
    { tool: "web_fetch", weight: 2, makers: webFetchCalls },
    { tool: "unknown", weight: 4, makers: unknownCalls },
    { tool: "invalid", weight: 4, makers: invalidCalls },
    { tool: "enter_plan_mode", weight: 1, makers: planCalls },
    { tool: "elsewhere", weight: 3, makers: elsewhereCalls },
  ],
  searching: new Set(["run_shell_command", "grep_search", "search_file_content", "glob", "list_directory"]),
  concurrent,
};
