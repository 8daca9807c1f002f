import type { ScenarioCall } from "../../generated/schema-types.js";
import { editableText, smallLines } from "../differential-content.js";
import { type CallMaker, type DifferentialVocabulary, type DifferentialWorkspace, differentialCall, type GeneratedCall } from "../differential-vocabulary.js";
import { FIXED_IMAGES, pngBase64 } from "./differential-images.js";

/**
 * Codex CLI's call vocabulary for the differential campaign: exec_command over the output edges
 * (the 10000-token budget and max_output_tokens, multi-byte and invalid bytes at the cut, control
 * bytes, exit codes and signals, workdirs, the refused rm -f commands and escalation, intercepted
 * apply_patch heredocs), live sessions (a command still running at its yield time, then
 * write_stdin to its id taken with `$fromResult`: a write refused with stdin closed, polls, the
 * ended session unknown), apply_patch on every kind of target (add, update with context and line
 * endings, delete, move onto new and existing files, every parse, verification and apply failure),
 * view_image on every format and size edge, the offered tools that answer fixed texts, names the
 * slug is not offered, and arguments serde refuses.
 * @see docs/spec/codex-cli-0.171.0.md §2–§6; issue 27 item 6
 */
const { readOnly, mutating } = differentialCall;

/** exec_command commands whose output sits on an edge (none writes the workspace). */
function execCommand(b: DifferentialWorkspace): string {
  const r = b.random;
  return r.pick([
    () => r.pick(["echo hi", "printf 'no newline'", "printf ''", "true", ":", "printf '\\n\\n  padded  \\n'", "printf 'tab\\there\\n\\t\\n'", "printf 'a\\r\\nb\\r\\n'", "printf 'one\\rtwo\\n'"]),
    () => r.pick(["echo err >&2", "echo err >&2; exit 0", "echo a; exit 2", "exit 1", "false", "echo oops >&2; exit 7", "exit 255", "exit 128"]),
    () => r.pick(["printf 'bad \\377\\376 bytes\\n'", "printf 'a\\033[31mred\\033[0m\\tb\\r\\nz\\000y\\n'", "printf 'héllo ✓ 日本\\n'", "printf 'a\\377b\\n'", "printf '\\303'"]),
    () => `head -c ${r.pick([39999, 40000, 40001, 40004, 60000])} /dev/zero | tr '\\0' x`,
    () => `printf '${r.pick(["é", "✓", "😀"])}%.0s' $(seq 1 ${r.pick([9999, 10000, 10001, 13333, 13334, 20000, 20001])})`,
    () => `seq 1 ${r.pick([5000, 7000, 8000, 9000, 20000])}`,
    () => r.pick(["nosuchcommand-xyz", "if then fi", "echo 'unterminated", "cat /nonexistent/file", "ls /nonexistent"]),
    () => r.pick(["kill -TERM $$", "echo before; kill -KILL $$", "kill -INT $$", "echo x; kill -HUP $$", "sh -c 'kill -TERM $$'; echo after $? >&2"]),
    () => r.pick(["pwd", "cd / && pwd", "echo $0", "echo $TERM $NO_COLOR $PAGER $LANG", "read line; echo got:$line"]),
    () => `cat ${b.someStableFile().path}`,
    () => `head -c ${r.pick([10, 100, 5000])} ${b.someStableFile().path}`,
    () => `wc -c ${b.someStableFile().path}`,
    () => `ls ${b.listedDirectory()}`,
    () => `ls -a ${b.listedDirectory()}`,
  ])();
}

/** max_output_tokens at and around the budgets (Codex caps it at 10000). */
const maxTokens = (b: DifferentialWorkspace): number => b.random.pick([0, 1, 2, 5, 10, 100, 1000, 9999, 10000, 10001, 50000]);

const execCalls: CallMaker[] = [
  (b) => readOnly("exec_command", { cmd: execCommand(b) }),
  (b) => readOnly("exec_command", { cmd: execCommand(b), max_output_tokens: maxTokens(b) }),
  (b) => readOnly("exec_command", { cmd: `printf '${b.random.pick(["é", "\\377", "日"])}%.0s' $(seq 1 ${b.random.int(5, 60)})`, max_output_tokens: b.random.pick([1, 2, 5, 10]) }),
  (b) =>
    readOnly("exec_command", {
      cmd: execCommand(b),
      ...b.random.pick<Record<string, unknown>>([
        { login: false },
        { login: true },
        { justification: "checking" },
        { yield_time_ms: b.random.pick([100, 250, 2000, 10000, 60000]) },
        { sandbox_permissions: "use_default" },
        { prefix_rule: ["echo"] },
      ]),
    }),
  (b) => {
    const directory = b.fresh("wd", "");
    b.directories.push(directory);
    return readOnly("exec_command", { cmd: b.random.pick(["pwd", "ls -a", 'basename "$PWD"']), workdir: b.random.pick([directory, `{{workspace}}/${directory}`, `./${directory}/`]) });
  },
  (b) => readOnly("exec_command", { cmd: b.random.pick(["pwd", "echo hi"]), workdir: b.random.pick(["missing-dir", `${b.someStableFile().path}`, "nope/deeper"]) }),
  (b) => readOnly("exec_command", { cmd: `cat ${b.someStableFile().path}`, workdir: b.random.pick([".", "{{workspace}}"]) }),
  // Refused without running (§2.6): rm -f style commands, escalation.
  (b) => {
    const name = b.fresh("keep", ".txt");
    b.files[name] = "kept\n";
    return readOnly("exec_command", {
      cmd: b.random.pick([`rm -rf ${name}`, `rm -f ${name}; echo ran`, `echo a && sudo rm --force ${name}`, `/bin/rm -r -f ${name} | cat`, `rm -fv "${name}"`, `ls || rm -Rf ${name}`]),
      ...(b.random.chance(0.3) ? { login: false } : {}),
    });
  },
  (b) => readOnly("exec_command", { cmd: b.random.pick(["echo hi", "ls", `rm -rf ${b.fresh("keep", ".txt")}`]), sandbox_permissions: "require_escalated" }),
  // rm -f inside if/while lists and { } groups (§2.6)
  (b) => {
    const name = b.fresh("keep", ".txt");
    b.files[name] = "kept\n";
    return readOnly("exec_command", {
      cmd: b.random.pick([`if true; then rm -f ${name}; fi`, `while false; do rm -rf ${name}; done`, `{ echo a; rm -fr ${name}; }`, `if true; then echo rm -rf; else rm -r ${name}; fi`]),
    });
  },
  // serde's float for an integer of 2^64 or more, and max_output_tokens: null (§6.2)
  (b) => readOnly("exec_command", { cmd: "echo n", ...b.random.pick<Record<string, unknown>>([{ yield_time_ms: 2 ** 64 }, { max_output_tokens: 2 ** 65 }, { max_output_tokens: null }]) }),
  // An explicit shell (§2.8): bash by any path, names of no shell type (Codex's /bin/sh), sh (the first on PATH), zsh, PowerShell and cmd (not installed: /bin/sh), and the rm -f refusal naming it.
  (b) =>
    readOnly("exec_command", {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion the command runs, not a template
      cmd: b.random.pick([execCommand(b), 'echo "$0" ${BASH_VERSION:+bash}', `rm -rf ${b.fresh("keep", ".txt")}`]),
      shell: b.random.pick(["/bin/bash", "bash", "/opt/x/bash", "bash.exe", "fish", "dash", "/usr/bin/env", "", "tcsh", "sh", "/bin/sh", "/opt/x/sh", "zsh", "pwsh", "cmd"]),
      ...b.random.pick<Record<string, unknown>>([{}, { login: false }, { login: true }]),
    }),
  // tty: true (§2.9): the same commands on a 24 × 80 terminal (none reads stdin: it stays open), its workdir fallback.
  (b) => {
    let cmd = execCommand(b);
    while (cmd.includes("read line")) cmd = execCommand(b);
    return readOnly("exec_command", {
      cmd: b.random.pick([cmd, cmd, "stty size; stty -g", "test -t 0 && test -t 1 && echo tty", "printf 'x\\ty\\r\\n'; echo err >&2; exit 4"]),
      tty: true,
      ...b.random.pick<Record<string, unknown>>([{}, {}, { login: false }, { max_output_tokens: maxTokens(b) }, { workdir: "missing-dir" }, { shell: "fish" }]),
    });
  },
];

/** An apply_patch heredoc Codex applies itself (§2.7). */
const interceptedCalls: CallMaker[] = [
  (b) => {
    const path = b.fresh("hd", ".txt");
    const quote = b.random.pick(["'EOF'", '"EOF"', "EOF", "'PATCH'"]);
    const word = quote.replace(/['"]/g, "");
    const patch = `*** Begin Patch\n*** Add File: ${path}\n+${smallLines(b.random, 1)[0]}\n*** End Patch`;
    return mutating("exec_command", { cmd: `${b.random.pick(["apply_patch", "applypatch"])} <<${quote}\n${patch}\n${word}${b.random.chance(0.5) ? "\n" : ""}` });
  },
  (b) => {
    const path = b.fresh("hdu", ".txt");
    b.files[path] = "one\ntwo\nthree\n";
    const patch = b.random.pick([`*** Begin Patch\n*** Update File: ${path}\n@@\n one\n-two\n+TWO\n*** End Patch`, `*** Begin Patch\n*** Update File: ${path}\n@@\n-absent\n+x\n*** End Patch`]);
    return mutating("exec_command", { cmd: `apply_patch <<'EOF'\n${patch}\nEOF` });
  },
];

/**
 * A command still running at its yield time (a live session), and write_stdin to it in the turns
 * after: a write refused (stdin closed), a poll that reads its end, then an unknown session.
 * The command ends well after the yield time and well before a poll's floor (§2.3, §2.5).
 */
const sessionCalls: CallMaker[] = [
  (b) => {
    const tag = b.fresh("s", "");
    const code = b.random.pick([0, 0, 3]);
    const session = (source: { turn: number; call: number }) => ({ $fromResult: { turn: source.turn, call: source.call, pattern: "session ID (\\d+)", as: "integer" } });
    const write =
      (chars: string, extra: Record<string, unknown> = {}) =>
      (source: { turn: number; call: number }): ScenarioCall => ({
        tool: "write_stdin",
        input: { session_id: session(source), chars, ...extra },
      });
    const followUps = [
      ...(b.random.chance(0.5) ? [write(b.random.pick(["x\n", "hello", " ", "x\u0003"]))] : []),
      write("", b.random.pick<Record<string, unknown>>([{}, { yield_time_ms: 250 }, { yield_time_ms: 8000 }, { max_output_tokens: 2 }])),
      write(b.random.pick(["", "y\n"])),
    ];
    return {
      call: {
        tool: "exec_command",
        input: { cmd: `echo start ${tag}; sleep ${b.random.pick([3, 4])}; echo end ${tag}${code === 0 ? "" : `; exit ${code}`}`, yield_time_ms: b.random.pick([500, 1000]) },
      },
      mutates: false,
      followUps,
    } satisfies GeneratedCall;
  },
];

/**
 * A tty: true session (§2.9): write_stdin types into its terminal (the echo comes back) — a line
 * the command reads, ^C, or characters then ^D to `cat` — then the ended session is unknown. Each
 * write that ends the command waits up to 3 s for its end.
 */
const terminalSessionCalls: CallMaker[] = [
  (b) => {
    const session = (source: { turn: number; call: number }) => ({ $fromResult: { turn: source.turn, call: source.call, pattern: "session ID (\\d+)", as: "integer" } });
    const write =
      (chars: string, extra: Record<string, unknown> = {}) =>
      (source: { turn: number; call: number }): ScenarioCall => ({ tool: "write_stdin", input: { session_id: session(source), chars, ...extra } });
    const shape = b.random.pick([
      { cmd: "read x; echo got:$x", writes: [write(b.random.pick(["hello\n", "two words\n", "é\n"]), { yield_time_ms: 3000 })] },
      { cmd: `sleep ${b.random.pick([5, 8])}; echo never`, writes: [write("\u0003", { yield_time_ms: 3000 })] },
      { cmd: "cat", writes: [write(b.random.pick(["abc", "x y"]), { yield_time_ms: 1000 }), write("\n\u0004", { yield_time_ms: 3000 })] },
    ]);
    return {
      call: { tool: "exec_command", input: { cmd: shape.cmd, tty: true, yield_time_ms: 500 } },
      mutates: false,
      followUps: [...shape.writes, write(b.random.pick(["", "z\n"]))],
    } satisfies GeneratedCall;
  },
];

/**
 * ^C alone to a session without a terminal interrupts it (§2.5): a command that would run for
 * 20 s (far past any turn's delay) ends at the ^C with 130, or runs its INT trap; the write after
 * meets an unknown session.
 */
const interruptCalls: CallMaker[] = [
  (b) => {
    const tag = b.fresh("i", "");
    const session = (source: { turn: number; call: number }) => ({ $fromResult: { turn: source.turn, call: source.call, pattern: "session ID (\\d+)", as: "integer" } });
    const write =
      (chars: string, extra: Record<string, unknown> = {}) =>
      (source: { turn: number; call: number }): ScenarioCall => ({ tool: "write_stdin", input: { session_id: session(source), chars, ...extra } });
    const cmd = b.random.pick([`echo start ${tag}; sleep 20; echo end ${tag}`, `trap 'echo caught ${tag}' INT; sleep 20; echo after ${tag}`, "sleep 20"]);
    return {
      call: { tool: "exec_command", input: { cmd, yield_time_ms: 500 } },
      mutates: false,
      followUps: [write("\u0003", { yield_time_ms: 3000 }), write(b.random.pick(["", "\u0003"]))],
    } satisfies GeneratedCall;
  },
];

const writeStdinCalls: CallMaker[] = [
  (b) => readOnly("write_stdin", { session_id: b.random.pick([1, 7, 999, 100000, 123456, -3, 0]), chars: b.random.pick(["", "x\n"]) }),
  (b) => readOnly("write_stdin", { session_id: b.random.pick([2, 5]), ...b.random.pick<Record<string, unknown>>([{}, { yield_time_ms: 300 }, { max_output_tokens: 10 }]) }),
];

/** A new file holding editable text, and its lines. */
function editable(b: DifferentialWorkspace): { path: string; lines: string[]; eol: string } {
  const { text, eol } = editableText(b.random);
  const path = b.fresh("patch", b.random.pick([".txt", ".js", ".md"]), b.random.pick(["", "", "pkg/"]));
  b.files[path] = text;
  return { path, lines: text.split(eol).slice(0, -1), eol };
}

const patch = (...body: string[]): string => ["*** Begin Patch", ...body, "*** End Patch"].join("\n");
const applyPatch = (text: string): GeneratedCall => ({ call: { tool: "apply_patch", text }, mutates: true });

const applyPatchCalls: CallMaker[] = [
  // Add File: fresh paths, nested folders, empty bodies, over a file of its own.
  (b) => {
    const path = b.fresh("added", b.random.pick([".txt", ".md", ""]), b.random.pick(["", "", "new/", "new/deep/"]));
    const lines = b.random.pick([smallLines(b.random), [], ["héllo 😀"], ["", "x", ""]]);
    return applyPatch(patch(`*** Add File: ${path}`, ...lines.map((line) => `+${line}`)));
  },
  (b) => {
    const path = b.fresh("over", ".txt");
    b.files[path] = "old\n";
    return applyPatch(patch(`*** Add File: ${path}`, "+new"));
  },
  // Update File: a changed line with context, several chunks, End of File, whitespace-tolerant matches.
  (b) => {
    const { path, lines } = editable(b);
    const index = b.random.int(0, lines.length - 1);
    const old = lines[index]!;
    const context = index > 0 ? [` ${lines[index - 1]}`] : [];
    const replacement = b.random.pick([[`${old} changed`], [], [old.toUpperCase(), "added"]]);
    return applyPatch(patch(`*** Update File: ${path}`, b.random.pick(["@@", `@@ ${lines[0]}`]), ...context, `-${old}`, ...replacement.map((line) => `+${line}`)));
  },
  (b) => {
    const { path, lines } = editable(b);
    const last = lines[lines.length - 1]!;
    return applyPatch(patch(`*** Update File: ${path}`, "@@", `-${last}`, `+${last} (end)`, "*** End of File"));
  },
  (b) => {
    const { path, lines } = editable(b);
    return applyPatch(patch(`*** Update File: ${path}`, "@@", `-${lines[0]!.trim()}  `, `+first`, `@@`, ` ${lines[2]}`, `-${lines[3]}`, "+fourth"));
  },
  // Line endings: CRLF, lone CR, mixed, no final newline, a BOM.
  (b) => {
    const path = b.fresh("eol", ".txt");
    const body = b.random.pick(["one\r\ntwo\nthree\r\n", "a\rb\nc\n", "one\rtwo\rthree\r", "x\ny", "\ufeffbom\nsecond\n", "a\r\nb\r\nc"]);
    b.files[path] = body;
    const lines = body
      .replace(/^\ufeff/, "")
      .split(/\r\n|\n|\r/)
      .filter((line) => line !== "");
    const target = b.random.pick(lines);
    return applyPatch(patch(`*** Update File: ${path}`, "@@", `-${target}`, `+${target.toUpperCase()}!`));
  },
  // Move: onto a new path, into a new folder, onto an existing file.
  (b) => {
    const { path, lines } = editable(b);
    const existing = b.random.chance(0.4);
    const destination = b.fresh("moved", ".txt", b.random.pick(["", "moved-dir/"]));
    if (existing) b.files[destination] = "was here\n";
    return applyPatch(patch(`*** Update File: ${path}`, `*** Move to: ${destination}`, "@@", `-${lines[0]}`, "+moved first"));
  },
  // Delete File.
  (b) => {
    const path = b.fresh("gone", ".txt");
    b.files[path] = b.random.pick(["bye\n", "", { base64: "/w==" }]);
    return applyPatch(patch(`*** Delete File: ${path}`));
  },
  // Verification failures on every kind of target.
  (b) => {
    const missing = b.fresh("missing", ".txt", b.random.pick(["", "nodir/"]));
    return applyPatch(b.random.pick([patch(`*** Update File: ${missing}`, "@@", "-a", "+b"), patch(`*** Delete File: ${missing}`)]));
  },
  (b) => {
    const directory = b.fresh("dirtarget", "");
    b.directories.push(directory);
    return applyPatch(b.random.pick([patch(`*** Update File: ${directory}`, "@@", "-a", "+b"), patch(`*** Delete File: ${directory}`)]));
  },
  (b) => {
    const path = b.fresh("bytes", ".txt");
    b.files[path] = { base64: b.random.pick(["b25lCv90d28K", "YWJj4oI=", "wyg="]) };
    return applyPatch(patch(`*** Update File: ${path}`, "@@", "-one", "+ONE"));
  },
  (b) => {
    const { path, lines } = editable(b);
    return applyPatch(
      b.random.pick([
        patch(`*** Update File: ${path}`, "@@", "-not in the file", "+x"),
        patch(`*** Update File: ${path}`, "@@ no such context", `-${lines[0]}`, "+x"),
        patch(`*** Update File: ${path}`, "@@", ` ${lines[1]}`, "-not after it", "+x"),
      ]),
    );
  },
  // Apply failures: under a file, onto a directory, a failing second hunk after a good first one.
  (b) => {
    const file = b.fresh("plain", ".txt");
    b.files[file] = "plain\n";
    return applyPatch(patch(`*** Add File: ${file}/${b.random.pick(["x.txt", "deeper/x.txt"])}`, "+x"));
  },
  (b) => {
    const directory = b.fresh("occupied", "");
    b.directories.push(directory);
    const { path, lines } = editable(b);
    return applyPatch(b.random.pick([patch(`*** Add File: ${directory}`, "+x"), patch(`*** Update File: ${path}`, `*** Move to: ${directory}`, "@@", `-${lines[0]}`, "+y")]));
  },
  (b) => {
    const first = b.fresh("first", ".txt");
    const { path } = editable(b);
    return applyPatch(patch(`*** Add File: ${first}`, "+first", `*** Update File: ${path}`, "@@", "-absent line", "+x"));
  },
  (b) => {
    const { path, lines } = editable(b);
    return applyPatch(patch(`*** Update File: ${path}`, "@@", `-${lines[0]}`, "+a", `*** Update File: ${path}`, "@@", `-${lines[1]}`, "+b"));
  },
  // Parse failures.
  (b) =>
    applyPatch(
      b.random.pick([
        "*** Begin Patch\n*** Add File: open.txt\n+x\n",
        "Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch",
        patch(),
        patch("*** Frobnicate File: x.txt"),
        patch("*** Update File: some.txt"),
        patch(`*** Add File: ${b.fresh("bad", ".txt")}`, "not a plus line"),
        patch("*** Update File: some.txt", "@@", "bad line without prefix"),
        "",
      ]),
    ),
  (b) => applyPatch(patch(`*** Update File: ../outside-${b.fresh("nowhere", ".txt")}`, "@@", "-a", "+b")),
  (b) => {
    const path = b.fresh("absolute", ".txt");
    b.files[path] = "one\ntwo\n";
    return applyPatch(patch(`*** Update File: {{workspace}}/${path}`, "@@", "-one", "+ONE"));
  },
];

/** A fresh file holding an image body, and a view_image call of it. */
function imageFile(b: DifferentialWorkspace, base64: string, extension: string): string {
  const path = b.fresh("img", extension, b.random.pick(["", "pics/"]));
  b.files[path] = { base64 };
  return path;
}

const viewImageCalls: CallMaker[] = [
  (b) => {
    const [width, height] = b.random.pick([
      [1, 1],
      [b.random.int(2, 40), b.random.int(2, 40)],
      [6000, 1],
      [1, 6000],
      [5999, 2],
      [3, 6000],
    ]);
    const path = imageFile(b, pngBase64(width!, height!, b.random.pick([0, 2, 4, 6] as const), b.random.nextUint32()), b.random.pick([".png", ".png", ".jpg", ".bin"]));
    return readOnly("view_image", { path, ...(b.random.chance(0.3) ? { detail: b.random.pick(["high", "original"]) } : {}) });
  },
  (b) => {
    const kind = b.random.pick(Object.keys(FIXED_IMAGES));
    const image = FIXED_IMAGES[kind]!;
    return readOnly("view_image", { path: imageFile(b, image.base64, image.extension) });
  },
  (b) => readOnly("view_image", { path: b.random.pick([b.fresh("none", ".png"), b.someStableFile().path, b.listedDirectory(), "{{workspace}}"]) }),
  (b) => {
    const path = b.fresh("empty", ".png");
    b.files[path] = "";
    return readOnly("view_image", { path: b.random.pick([path, `{{workspace}}/${path}`]) });
  },
  (b) => readOnly("view_image", { path: imageFile(b, pngBase64(2, 2, 2, 7), ".png"), detail: b.random.pick(["low", "auto", "HIGH", ""]) }),
];

/** The offered tools that answer fixed texts in `codex exec --ephemeral` (§6.3). */
const otherToolCalls: CallMaker[] = [
  (b) =>
    readOnly(
      b.random.pick(["request_user_input", "get_goal", "create_goal", "update_goal", "tool_search", "web_search"]),
      b.random.pick<Record<string, unknown>>([{}, { query: "x" }, { objective: "ship it" }, { status: "complete" }, { questions: [] }]),
    ),
];

/** Names gpt-5.5 is not offered (§6.1). */
const unknownCalls: CallMaker[] = [
  (b) =>
    readOnly(
      b.random.pick(["read_file", "shell", "bash", "list_dir", "grep_files", "Frobnicate", "exec", "EXEC_COMMAND", "applypatch", "view", "write_file", "unified_exec"]),
      b.random.pick<Record<string, unknown>>([{}, { path: "a.txt" }, { command: ["echo", "hi"] }, { cmd: "echo hi" }]),
    ),
];

/** Arguments serde refuses (§6.2): missing, mistyped and out-of-range fields. */
const invalidCalls: CallMaker[] = [
  (b) =>
    readOnly(
      "exec_command",
      b.random.pick<Record<string, unknown>>([
        {},
        { command: "echo hi" },
        { cmd: 5 },
        { cmd: null },
        { cmd: ["echo", "hi"] },
        { cmd: true },
        { cmd: 1.5 },
        { cmd: "echo hi", yield_time_ms: "fast" },
        { cmd: "echo hi", yield_time_ms: -5 },
        { cmd: "echo hi", yield_time_ms: null },
        { cmd: "echo hi", yield_time_ms: 2.5 },
        { cmd: "echo hi", max_output_tokens: -1 },
        { cmd: "echo hi", max_output_tokens: "10" },
        { cmd: "echo hi", max_output_tokens: [1] },
        { cmd: "echo hi", login: "yes" },
        { cmd: "echo hi", workdir: 5 },
        { cmd: "echo hi", sandbox_permissions: "bogus" },
        { cmd: "echo hi", tty: "no" },
        { workdir: "x", cmd: { a: 1 } },
      ]),
    ),
  (b) =>
    readOnly(
      "write_stdin",
      b.random.pick<Record<string, unknown>>([{}, { chars: "x" }, { session_id: "5" }, { session_id: 3000000000 }, { session_id: 1.5 }, { session_id: 5, yield_time_ms: "x" }, { session_id: null }]),
    ),
  (b) => readOnly("view_image", b.random.pick<Record<string, unknown>>([{}, { path: 5 }, { path: null }, { path: ["a.png"] }, { file_path: "a.png" }])),
];

export const codexCliDifferentialVocabulary: DifferentialVocabulary = {
  namePrefix: "codex",
  argumentStyle: "codex-cli",
  spec: "§2–§6",
  aims: "over output budgets, live sessions, refusals, patch targets, image formats and tool names",
  makers: [
    { tool: "exec_command", weight: 30, makers: execCalls },
    { tool: "intercepted", weight: 3, makers: interceptedCalls },
    { tool: "session", weight: 6, makers: sessionCalls },
    { tool: "terminal-session", weight: 3, makers: terminalSessionCalls },
    { tool: "interrupt", weight: 2, makers: interruptCalls },
    { tool: "write_stdin", weight: 3, makers: writeStdinCalls },
    { tool: "apply_patch", weight: 30, makers: applyPatchCalls },
    { tool: "view_image", weight: 10, makers: viewImageCalls },
    { tool: "other", weight: 4, makers: otherToolCalls },
    { tool: "unknown", weight: 4, makers: unknownCalls },
    { tool: "invalid", weight: 8, makers: invalidCalls },
  ],
  searching: new Set(["exec_command"]),
};
