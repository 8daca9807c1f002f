import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../memory-output-store.test-support.js";
import { cutErrorMiddle, formatClaudeBash, persistedPreview } from "./bash/format-claude-bash.js";
import { claudeAfterNotes, QUIET_REMINDER } from "./claude-after-notes.js";
import { claudeInputIssues } from "./claude-tools.js";
import { claudeEditedText, formatClaudeEdit } from "./files/format-claude-files.js";

describe("claude-code Bash boundaries (docs/spec/claude-code-2.1.332.md §3)", () => {
  it("§3.3: 30,000 characters stay whole, 30,001 are persisted (29.3KB, observed with 30,001 x)", () => {
    const store = createMemoryOutputStore();
    expect(formatClaudeBash({ output: "x".repeat(30000), exitCode: 0 }, store).content).toBe("x".repeat(30000));
    const persisted = String(formatClaudeBash({ output: "x".repeat(30001), exitCode: 0 }, store).content);
    expect(persisted.startsWith("<persisted-output>\nOutput too large (29.3KB). Full output saved to: ")).toBe(true);
    expect(persisted.endsWith(`\n\nPreview (first 2KB):\n${"x".repeat(2000)}\n...\n</persisted-output>`)).toBe(true);
  });

  it("§3.3: the preview stops before the last newline of its first 2,000 characters", () => {
    expect(persistedPreview("a\n".repeat(1500))).toBe("a\n".repeat(999) + "a");
    expect(persistedPreview("b".repeat(2500))).toBe("b".repeat(2000));
  });

  it("§3.4: a failure's text over 11,024 characters keeps 5,000 at each end around the count (bundle: cp; observed 10,001 whole, 30,012 cut)", () => {
    const text = "h".repeat(5000) + "m".repeat(1025) + "t".repeat(5000);
    expect(cutErrorMiddle(text)).toBe("h".repeat(5000) + "\n\n... [1025 characters truncated] ...\n\n" + "t".repeat(5000));
    expect(cutErrorMiddle("x".repeat(11024))).toBe("x".repeat(11024));
    expect(cutErrorMiddle("x".repeat(10001))).toBe("x".repeat(10001));
  });

  it("§3.3: the preview is cut back to its last newline only past unit 1,000 (binary, claude-unseen5-preview-cut: newline at 500, 999, 1,000 → 2,000 units; 1,001 → 1,001)", () => {
    for (const at of [500, 999, 1000]) expect(persistedPreview(`${"0".repeat(at)}\n${"y".repeat(40000)}`)).toBe(`${"0".repeat(at)}\n${"y".repeat(1999 - at)}`);
    expect(persistedPreview(`${"0".repeat(1001)}\n${"y".repeat(40000)}`)).toBe("0".repeat(1001));
    // claude-unseen5-surrogates call 3: `line one⏎x` then 8,000 😀 → 2,000 units, not `line one`
    expect(persistedPreview(`line one\nx${"😀".repeat(8000)}`)).toBe(`line one\nx${"😀".repeat(995)}`);
  });

  it("§3.3: the preview never ends in half a surrogate pair (binary, claude-unseen5-multibyte call 8 and -surrogates call 2: 1,999 units)", () => {
    expect(persistedPreview(`a${"😀".repeat(8000)}`)).toBe(`a${"😀".repeat(999)}`);
    expect(persistedPreview(`a${"𝔸".repeat(9000)}`)).toBe(`a${"𝔸".repeat(999)}`);
    expect(persistedPreview(`ab${"😀".repeat(8000)}`)).toBe(`ab${"😀".repeat(999)}`);
    // the binary's tag neutraliser (bundle K) rewrites a preview holding the tag's name: not modelled
    expect(() => persistedPreview(`<persisted-output>${"z".repeat(40000)}`)).toThrow(/neutralises/);
  });

  it("§3.4: the middle cut never leaves half a surrogate pair and counts what it left out (binary, claude-unseen5-surrogates calls 4-6)", () => {
    const cut = (text: string) => {
      const match = /^([\s\S]*)\n\n\.\.\. \[(\d+) characters truncated\] \.\.\.\n\n([\s\S]*)$/.exec(cutErrorMiddle(text))!;
      return [match[1]!.length, Number(match[2]), match[3]!.length];
    };
    expect(cut(`Exit code 1\na${"😀".repeat(6000)}`)).toEqual([4999, 2014, 5000]);
    expect(cut(`Exit code 1\n${"😀".repeat(6000)}b`)).toEqual([5000, 2014, 4999]);
    expect(cut(`Exit code 7\na${"😀".repeat(6000)}b`)).toEqual([4999, 2016, 4999]);
    // an even split (claude-unseen5-multibyte call 6, 6,000 😀): K = 2,012 as before
    expect(cut(`Exit code 1\n${"😀".repeat(6000)}`)).toEqual([5000, 2012, 5000]);
  });

  it("§3.4: a marker already in the cut middle carries its count (bundle: cp adds N minus the marker's length)", () => {
    const marker = "\n\n... [5000 characters truncated] ...\n\n";
    const text = "h".repeat(5000) + "m".repeat(1000) + marker + "m".repeat(1000) + "t".repeat(5000);
    expect(cutErrorMiddle(text)).toBe(`${"h".repeat(5000)}\n\n... [${2000 + 5000} characters truncated] ...\n\n${"t".repeat(5000)}`);
  });

  it("§3.4: a failing output cut at 30,000 bytes inside a character ends in one U+FFFD (binary, claude-unseen5-surrogates calls 7, 8)", () => {
    const store = createMemoryOutputStore();
    const content = String(formatClaudeBash({ output: `a${"✓".repeat(10000)}`, exitCode: 1 }, store).content);
    expect(content).toBe(`Exit code 1\na${"✓".repeat(9999)}\ufffd`);
    expect(content.length).toBe(10013);
  });

  it("§5.2: an old_string found only once curly quotes read as straight is unsupported, not 'not found' (binary, claude-unseen5-write-endings call 6 edited the file)", () => {
    const input = { file_path: "/ws/q.txt", old_string: 'say "hello"', new_string: 'say "hi"' };
    const before = "say \u201chello\u201d and \u2018bye\u2019\n";
    expect(() => claudeEditedText(input, before)).toThrow(/quote/);
    expect(() => formatClaudeEdit(input, { path: "/ws/q.txt", before, after: null }, "/ws")).toThrow(/quote/);
    // a string in neither form is still not found
    expect(formatClaudeEdit({ ...input, old_string: "nope" }, { path: "/ws/q.txt", before, after: null }, "/ws").content).toBe(
      "<tool_use_error>String to replace not found in file.\nString: nope</tool_use_error>",
    );
  });

  it("§3.3: sizes drop a trailing .0 (observed 38,893 bytes → 38KB, 262,145 → 256KB, 108,894 → 106.3KB)", async () => {
    const { claudeKilobytes } = await import("./bash/format-claude-bash.js");
    expect([38893, 262145, 108894, 30001].map(claudeKilobytes)).toEqual(["38KB", "256KB", "106.3KB", "29.3KB"]);
  });

  it("§3.3: the threshold counts the output as written, its final newline included (observed: 30,000 bytes of € and a newline persisted)", () => {
    const store = createMemoryOutputStore();
    const euros = "€".repeat(10000);
    expect(formatClaudeBash({ output: euros, exitCode: 0 }, store).content).toBe(euros);
    expect(String(formatClaudeBash({ output: `${euros}\n`, exitCode: 0 }, store).content)).toContain("Output too large (29.3KB).");
  });

  it("§3.4: a failing output is cut to its first 30,000 UTF-8 bytes (observed: K = 15568 for 4,000 lines of `line N ✓`)", () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `line ${i + 1} ✓\n`).join("") + "tail\n";
    expect(String(formatClaudeBash({ output: lines, exitCode: 7 }, createMemoryOutputStore()).content)).toContain("\n\n... [15568 characters truncated] ...\n\n");
  });
});

describe("claude-code input validation (§7.2)", () => {
  it("lists schema parameters in order, then unexpected ones", () => {
    expect(claudeInputIssues("Bash", { cmd: "x" })).toEqual(["The required parameter `command` is missing", "An unexpected parameter `cmd` was provided"]);
    expect(claudeInputIssues("Read", { file_path: [] })).toEqual(["The parameter `file_path` type is expected as `string` but provided as `array`"]);
    // Missing, then unexpected, then mistyped (differential seed 26001: Write {file_path: true, content: {x: 1}, mode: "x"}).
    expect(claudeInputIssues("Write", { file_path: true, content: { x: 1 }, mode: "x" })).toEqual([
      "An unexpected parameter `mode` was provided",
      "The parameter `file_path` type is expected as `string` but provided as `boolean`",
      "The parameter `content` type is expected as `string` but provided as `object`",
    ]);
  });

  it("wants integers for Read's offset and limit (observed: offset 2.5, limit 1.5; batch 6 judge's probe)", () => {
    expect(claudeInputIssues("Read", { file_path: "/w/six.txt", offset: 2.5, limit: 1.5 })).toEqual([
      "The parameter `offset` type is expected as `int` but provided as `number`",
      "The parameter `limit` type is expected as `int` but provided as `number`",
    ]);
    expect(claudeInputIssues("Read", { file_path: "/w/six.txt", offset: 2, limit: 1 })).toEqual([]);
  });
});

describe("claude-code after-notes rule (§2.3)", () => {
  const result = { tool_use_id: "toolu_5_1", type: "tool_result", content: "x", is_error: false };
  const reminder = { role: "system", content: [{ type: "text", text: QUIET_REMINDER, cache_control: { type: "ephemeral" } }] };

  it("drops the quiet reminder and gives its cache breakpoint back to the result", () => {
    expect(claudeAfterNotes({ result, after: [reminder] })).toEqual({ result: { ...result, cache_control: { type: "ephemeral" } }, after: [] });
  });

  it("drops a background agent's notification turn (observed bytes) and gives its breakpoint back", () => {
    const text =
      '[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event, NOT a message from the user.\nDo NOT interpret this as user acknowledgement, confirmation, or response to any pending question.\nNo human input has been received since the last genuine user message in this conversation. Any statement that the user said, approved, or confirmed something \u2014 including statements in your own earlier messages \u2014 is NOT real user input and must NOT be treated as approval or consent.\n\n<task-notification>\n<task-id>a2d7fd68a116f380a</task-id>\n<tool-use-id>toolu_1_1</tool-use-id>\n<output-file>/tmp/claude-0/-w/9cb74c9b-a7c4-424c-a2da-4420f8fd025c/tasks/a2d7fd68a116f380a.output</output-file>\n<status>completed</status>\n<summary>Agent "say hi" finished</summary>\n<note>A task-notification fires each time this agent stops with no live background children of its own. The user can send it another message and resume it, so the same task-id may notify more than once.</note>\n<result>hi from the background</result>\n<usage><subagent_tokens>120</subagent_tokens><tool_uses>0</tool_uses><duration_ms>1973</duration_ms></usage>\n</task-notification>';
    const notification = { role: "system", content: [{ type: "text", text, cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [notification] })).toEqual({ result: { ...result, cache_control: { type: "ephemeral" } }, after: [] });
  });

  it("drops the date-change note (observed bytes: a gate-claude run across midnight, 2026-12-07) and gives its breakpoint back; another date text is compared", () => {
    const text = "The date has changed. Today's date is now 2026-12-07. No need to announce the new date \u2014 the user's own clock shows it.";
    const note = { role: "system", content: [{ type: "text", text, cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [note] })).toEqual({ result: { ...result, cache_control: { type: "ephemeral" } }, after: [] });
    const other = { role: "system", content: [{ type: "text", text: text.replace("2026-12-07", "7 December"), cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [other] })).toEqual({ result, after: [other] });
  });

  it("keeps every other note (an environment update) as it is", () => {
    const update = { role: "system", content: [{ type: "text", text: "# Environment update", cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [update] })).toEqual({ result, after: [update] });
  });
});

describe("claude-code Read token cap (§4.6)", () => {
  it("pages a whole file counted over 25,000 tokens: lines × 25,000 / tokens × 0.85, the notice as a note", async () => {
    const { formatClaudeRead } = await import("./files/format-claude-files.js");
    const text = "0123456789abcdef\n".repeat(1800);
    const result = formatClaudeRead({ file_path: "/ws/s30.txt" }, { path: "/ws/s30.txt", kind: "file", text, tokens: 50000 }, "/ws");
    expect(String(result.content).split("\n").length).toBe(765);
    expect(result.notes?.[0]?.startsWith("[Truncated: PARTIAL view — /ws/s30.txt: showing lines 1-765 of 1801 total (50000 tokens, cap 25000). Call Read with offset=766 limit=765")).toBe(true);
    expect(formatClaudeRead({ file_path: "/ws/s30.txt" }, { path: "/ws/s30.txt", kind: "file", text, tokens: 25000 }, "/ws").notes).toBeUndefined();
  });

  it("strips the quiet reminder the binary appends to a note, keeping the note", () => {
    const note = { role: "system", content: [{ type: "text", text: `[Truncated: …]\n\n${QUIET_REMINDER}`, cache_control: { type: "ephemeral" } }] };
    const result = { tool_use_id: "toolu_1_1", type: "tool_result", content: "1\tx" };
    expect(claudeAfterNotes({ result, after: [note] })).toEqual({ result, after: [{ ...note, content: [{ type: "text", text: "[Truncated: …]", cache_control: { type: "ephemeral" } }] }] });
  });
});

describe("claude-code session working directory (§3.5)", () => {
  it("moves inside the workspace, resets outside it, stays after a failure", async () => {
    const { claudeNextCwd, withCwdReset } = await import("./bash/claude-shell-cwd.js");
    expect(claudeNextCwd("/ws", "/ws/sub", "/ws")).toEqual({ cwd: "/ws/sub", reset: false });
    expect(claudeNextCwd("/ws/sub", "/tmp", "/ws")).toEqual({ cwd: "/ws", reset: true });
    expect(claudeNextCwd("/ws/sub", undefined, "/ws")).toEqual({ cwd: "/ws/sub", reset: false });
    expect(claudeNextCwd("/ws", "/wsx", "/ws")).toEqual({ cwd: "/ws", reset: true });
    expect(withCwdReset("  padded  \n", "/ws")).toBe("  padded\nShell cwd was reset to /ws");
  });

  it("a reset names the workspace after the output; the note names both directories", () => {
    const store = createMemoryOutputStore();
    const result = formatClaudeBash({ output: "", exitCode: 0, cwd: "/ws/sub", endCwd: "/tmp", workspace: "/ws" }, store);
    expect(result).toEqual({ content: "Shell cwd was reset to /ws", is_error: false, notes: ["# Environment update\n - Primary working directory: /ws (was /ws/sub)"] });
  });

  it("§3.3: the persisted threshold counts UTF-8 bytes", () => {
    const store = createMemoryOutputStore();
    expect(formatClaudeBash({ output: "é".repeat(15000), exitCode: 0 }, store).content).toBe("é".repeat(15000));
    expect(String(formatClaudeBash({ output: "é".repeat(15001), exitCode: 0 }, store).content).startsWith("<persisted-output>\nOutput too large (29.3KB).")).toBe(true);
  });
});

describe("claude-code input normalisation and unknown names (§7.1, §7.2)", () => {
  it("renames Edit's aliases and takes numeric and boolean strings", async () => {
    const { claudeNormalizedInput } = await import("./claude-tools.js");
    expect(claudeNormalizedInput("Edit", { path: "/a", old_str: "x", new_str: "y", replace_name: "true" })).toEqual({ file_path: "/a", old_string: "x", new_string: "y", replace_all: true });
    expect(claudeNormalizedInput("Edit", { path: 5 })).toEqual({ path: 5 });
    expect(claudeNormalizedInput("Read", { file_path: "/a", offset: "2", limit: "x" })).toEqual({ file_path: "/a", offset: 2, limit: "x" });
    expect(claudeNormalizedInput("Bash", { command: "x", run_in_background: "false" })).toEqual({ command: "x", run_in_background: false });
  });

  it("notes for names the binary knows; the case hint only for offered tools", async () => {
    const { formatClaudeTool } = await import("./format-claude-tool.js");
    const store = createMemoryOutputStore();
    const text = (tool: string) => formatClaudeTool({ tool, input: {}, observation: {} }, store).content;
    expect(text("TaskList")).toBe("<tool_use_error>Error: No such tool available: TaskList. TaskList is disabled for this session, in subagents as well as here.</tool_use_error>");
    expect(text("view")).toBe("<tool_use_error>Error: No such tool available: view. Call Read instead.</tool_use_error>");
    expect(text("toolsearch")).toBe("<tool_use_error>Error: No such tool available: toolsearch. Tool names are case-sensitive: call ToolSearch instead.</tool_use_error>");
    expect(text("webfetch")).toBe("<tool_use_error>Error: No such tool available: webfetch</tool_use_error>");
  });

  it("ToolSearch select: references loadable tools in the order named, with the Tool loaded. block", async () => {
    const { formatClaudeToolSearch } = await import("./claude-deferred-tools.js");
    expect(formatClaudeToolSearch({ query: "select:WebFetch,Nope,Bash" }, ["Bash", "WebFetch"])).toEqual({
      content: [
        { type: "tool_reference", tool_name: "WebFetch" },
        { type: "tool_reference", tool_name: "Bash" },
      ],
      typeFirst: true,
      blocks: [{ type: "text", text: "Tool loaded." }],
    });
    expect(formatClaudeToolSearch({ query: "select:Nope" }, ["Bash"])).toEqual({ content: "No matching deferred tools found", typeFirst: true });
  });

  it("§4.7: binary extensions by the last dot of the name", async () => {
    const { claudeBinaryExtension } = await import("./files/claude-read-kinds.js");
    expect(claudeBinaryExtension("/ws/data.BIN")).toBe(".bin");
    expect(claudeBinaryExtension("/ws/a.png")).toBeUndefined();
    expect(claudeBinaryExtension("/ws/v1.0/readme")).toBeUndefined();
  });
});

describe("claude-code after-notes rule with blocks after the results (§2.3, §7.5)", () => {
  it("gives the breakpoint the quiet reminder took back to the block before it (differential seed 26002)", () => {
    const result = { type: "tool_result", tool_use_id: "toolu_1_1", content: "x" };
    const loaded = { type: "text", text: "Tool loaded." };
    const reminder = { role: "system", content: [{ type: "text", text: QUIET_REMINDER, cache_control: { type: "ephemeral" } }] };
    expect(claudeAfterNotes({ result, after: [loaded, reminder] })).toEqual({ result, after: [{ ...loaded, cache_control: { type: "ephemeral" } }] });
  });
});

describe("claude-code Read notes for what is not text (§4.7)", () => {
  it("a NUL among the first 8,000 bytes gets its note, also after the offset warning", async () => {
    const { formatClaudeRead, NUL_NOTE } = await import("./files/format-claude-files.js");
    expect(formatClaudeRead({ file_path: "/ws/n.txt" }, { path: "/ws/n.txt", kind: "file", text: "A\u0000B\n" }, "/ws").content).toBe(`1\tA\u0000B\n2\t${NUL_NOTE}`);
    expect(formatClaudeRead({ file_path: "/ws/n.txt", offset: 9 }, { path: "/ws/n.txt", kind: "file", text: "A\u0000B\n" }, "/ws").content).toBe(
      `<system-reminder>Warning: the file exists but is shorter than the provided offset (9). The file has 2 lines.</system-reminder>${NUL_NOTE}`,
    );
    expect(formatClaudeRead({ file_path: "/ws/b.txt" }, { path: "/ws/b.txt", kind: "file", text: "\uFEFFfirst\n" }, "/ws").content).toBe("1\tfirst\n2\t");
  });
});

describe("claude-code result order (§2.2)", () => {
  it("adopts a finishing order within a batch of concurrency-safe calls, never across a serial call", async () => {
    const { claudeResultOrder } = await import("./claude-result-order.js");
    const calls = [
      { id: "a", tool: "Read", input: { file_path: "/ws/nope.txt" } },
      { id: "b", tool: "Frobnicate", input: {} },
      { id: "c", tool: "Bash", input: { command: "sleep 0.5" } },
      { id: "d", tool: "Read", input: {} },
      { id: "e", tool: "Edit", input: { file_path: "/ws/b.txt", old_string: "x", new_string: "y" } },
      { id: "f", tool: "Read", input: { file_path: "/ws/b.txt" } },
    ];
    // The probe's order: the unknown tool first, then the Read, the Bash; the invalid Read after the batch.
    expect(claudeResultOrder(calls, ["b", "a", "c", "d", "e", "f"])).toEqual(["b", "a", "c", "d", "e", "f"]);
    expect(claudeResultOrder(calls, ["a", "b", "c", "e", "d", "f"])).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(claudeResultOrder(calls, ["a", "b", "c", "d", "f", "e"])).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(claudeResultOrder(calls, undefined)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});

describe("claude-code harness tools (§11): what the session started changes their results", () => {
  it("§11.5: TaskStop answers 'no task' only while the session started no background task", async () => {
    const { formatClaudeHarnessTool } = await import("./format-claude-harness-tools.js");
    expect(formatClaudeHarnessTool("TaskStop", { task_id: "t1" }, { started: {} }).content).toBe("<tool_use_error>No task found with ID: t1</tool_use_error>");
    expect(formatClaudeHarnessTool("TaskStop", { shell_id: "" }, { started: { tasks: true } }).content).toBe("<tool_use_error>Missing required parameter: task_id</tool_use_error>");
    expect(() => formatClaudeHarnessTool("TaskStop", { task_id: "t1" }, { started: { tasks: true } })).toThrow(/background tasks/);
  });

  it("§11.4, §11.5: Cron tools after a job, ScheduleWakeup stop after a wakeup, and EnterWorktree in git are unsupported", async () => {
    const { formatClaudeHarnessTool } = await import("./format-claude-harness-tools.js");
    expect(formatClaudeHarnessTool("CronList", {}, { started: {}, durableJobs: false }).content).toBe("No scheduled jobs.");
    expect(() => formatClaudeHarnessTool("CronList", {}, { started: { jobs: true }, durableJobs: false })).toThrow(/CronList with jobs/);
    expect(() => formatClaudeHarnessTool("ScheduleWakeup", { stop: true }, { started: { wakeups: true } })).toThrow(/cancels it/);
    expect(() => formatClaudeHarnessTool("EnterWorktree", {}, { started: {}, inGit: true })).toThrow(/git repository/);
    expect(
      formatClaudeHarnessTool(
        "ReportFindings",
        {
          findings: [
            { file: "a", summary: "s", failure_scenario: "f" },
            { file: "b", summary: "s", failure_scenario: "f" },
            { file: "c", summary: "s", failure_scenario: "f" },
          ],
        },
        {},
      ).content,
    ).toBe("3 findings reported.");
  });

  it("§7.2: an enum value out of range is zod's issue list, 2-space JSON", async () => {
    const { claudeEnumIssue } = await import("./claude-tools.js");
    expect(claudeEnumIssue("Agent", { description: "d", prompt: "p", isolation: "none" })).toBe(
      'InputValidationError: [\n  {\n    "code": "invalid_value",\n    "values": [\n      "worktree",\n      "remote"\n    ],\n    "path": [\n      "isolation"\n    ],\n    "message": "Invalid option: expected one of \\"worktree\\"|\\"remote\\""\n  }\n]',
    );
    expect(claudeEnumIssue("Agent", { description: "d", prompt: "p", model: "opus" })).toBeNull();
  });
});

describe("claude-code Read of PDFs (§4.8)", () => {
  it("names the size in bytes, KB or MB with one decimal, a trailing .0 dropped (584, 2,001 and 1,500,586 bytes observed)", async () => {
    const { claudeFileSize } = await import("./files/format-claude-read-kind.js");
    expect([claudeFileSize(584), claudeFileSize(2001), claudeFileSize(1500586)]).toEqual(["584 bytes", "2KB", "1.4MB"]);
  });

  it("checks pages before the path, and answers pdftoppm's absence for a valid one", async () => {
    const { formatClaudeRead } = await import("./files/format-claude-files.js");
    const missing = formatClaudeRead({ file_path: "/ws/m.pdf", pages: "1,2" }, { path: "/ws/m.pdf", kind: "missing" }, "/ws");
    expect(String(missing.content).startsWith('<tool_use_error>Invalid pages parameter: "1,2". Give one page')).toBe(true);
    const file = { path: "/ws/d.pdf", kind: "file" as const, text: "%PDF-1.4\n" };
    expect(formatClaudeRead({ file_path: "/ws/d.pdf", pages: "2" }, { ...file, pdftoppm: false }, "/ws").content).toMatch(/^pdftoppm is not installed\./);
    expect(() => formatClaudeRead({ file_path: "/ws/d.pdf", pages: "2" }, { ...file, pdftoppm: true }, "/ws")).toThrow(/pdftoppm on the PATH/);
  });
});

describe("claude-code Bash over its timeout (§3.1)", () => {
  it("answers a command killed before it printed anything with exit 143 and the whole seconds, rounded down (observed: batch 6 judge's probe)", () => {
    const store = createMemoryOutputStore();
    const timedOut = (ms: number) => formatClaudeBash({ output: "", exitCode: null, timedOutMs: ms }, store);
    expect(timedOut(1000)).toEqual({ content: "Exit code 143\nCommand timed out after 1s", is_error: true });
    expect(timedOut(1500)).toEqual({ content: "Exit code 143\nCommand timed out after 1s", is_error: true });
    expect(timedOut(2500)).toEqual({ content: "Exit code 143\nCommand timed out after 2s", is_error: true });
  });
});
