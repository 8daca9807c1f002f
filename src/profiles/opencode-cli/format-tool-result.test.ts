import { describe, expect, it } from "vitest";
import { encodeBase64 } from "../../text/base64.js";
import { createMemoryOutputStore } from "../memory-output-store.test-support.js";
import { opencodeCli } from "./opencode-cli-profile.js";
import { TASK_BACKGROUND_TEXT } from "./task/format-task.js";

/** The in-memory store, with `files` naming what it saved. */
function memoryStore() {
  const store = createMemoryOutputStore((n) => `/out/tool_${n}`);
  return Object.assign(store, { files: store.saved });
}

function format(tool: string, input: unknown, observation: Record<string, unknown>, options: Record<string, unknown> = {}, store = memoryStore()) {
  return opencodeCli.format({ tool, input, observation, options }, store);
}

const TASK_HINT = (path: string) =>
  `The tool call succeeded but the output was truncated. Full output saved to: ${path}\nUse the Task tool to have explore agent process this file with Grep and Read (with offset/limit). Do NOT read the full file yourself - delegate to save context.`;

describe("§2.0 invalid arguments (README invalid arguments)", () => {
  it("reports a missing key", () => {
    expect(format("bash", {}, { output: "", exitCode: 0 })).toEqual({
      status: "error",
      error: 'The bash tool was called with invalid arguments: SchemaError(Missing key\n  at ["command"]).\nPlease rewrite the input so it satisfies the expected schema.',
    });
  });

  it("reports a wrong type of an optional key", () => {
    expect(format("read", { filePath: "/a", offset: "ten" }, { kind: "missing", path: "/a" })).toEqual({
      status: "error",
      error: 'The read tool was called with invalid arguments: SchemaError(Expected number | undefined, got "ten"\n  at ["offset"]).\nPlease rewrite the input so it satisfies the expected schema.',
    });
  });

  it("reports a wrong type of a required key", () => {
    expect(format("bash", { command: 5 }, { output: "", exitCode: 0 })).toEqual({
      status: "error",
      error: 'The bash tool was called with invalid arguments: SchemaError(Expected string, got 5\n  at ["command"]).\nPlease rewrite the input so it satisfies the expected schema.',
    });
  });

  it("reports the first problem in schema order and ignores unknown keys", () => {
    expect(format("edit", { newString: 1, description: "x" }, {})).toMatchObject({
      error: 'The edit tool was called with invalid arguments: SchemaError(Missing key\n  at ["filePath"]).\nPlease rewrite the input so it satisfies the expected schema.',
    });
    expect(format("bash", { command: "ls", description: "list" }, { output: "a", exitCode: 0 })).toMatchObject({ status: "completed" });
  });
});

describe("§2.0 unknown tools (README unknown tool, tools offered)", () => {
  // the registered set, `invalid` included (observed on the released binary by correx gate)
  const available = "bash, edit, glob, grep, invalid, read, skill, task, todowrite, webfetch, write";

  it("reroutes an unknown tool to invalid with the AI SDK message", () => {
    expect(format("frobnicate", { a: 1 }, {})).toEqual({
      status: "completed",
      title: "Invalid Tool",
      output: `The arguments provided to the tool are invalid: Model tried to call unavailable tool 'frobnicate'. Available tools: ${available}.`,
      metadata: { truncated: false },
    });
  });

  it("treats question and plan_exit as unavailable under opencode run", () => {
    expect(format("question", { questions: [] }, { answers: [] })).toMatchObject({
      output: `The arguments provided to the tool are invalid: Model tried to call unavailable tool 'question'. Available tools: ${available}.`,
    });
    expect(format("plan_exit", {}, {})).toMatchObject({
      output: `The arguments provided to the tool are invalid: Model tried to call unavailable tool 'plan_exit'. Available tools: ${available}.`,
    });
  });

  it("offers apply_patch instead of edit and write to gpt- models (not gpt-4, not oss)", () => {
    expect(format("edit", { filePath: "/a", oldString: "a", newString: "b" }, { path: "/a" }, { model: "gpt-5" })).toMatchObject({
      output:
        "The arguments provided to the tool are invalid: Model tried to call unavailable tool 'edit'. Available tools: apply_patch, bash, glob, grep, invalid, read, skill, task, todowrite, webfetch.",
    });
    expect(format("edit", { filePath: "/a", oldString: "a", newString: "b" }, { path: "/a", replacements: 1 }, { model: "gpt-4o" })).toMatchObject({
      output: "Edit applied successfully.",
    });
  });

  it("renames a mis-cased call to the offered tool", () => {
    expect(format("Bash", { command: "ls" }, { output: "a\n", exitCode: 0 })).toMatchObject({ title: "ls", output: "a\n" });
  });

  it("uses options.availableTools when given", () => {
    expect(format("zzz", {}, {}, { availableTools: ["read", "bash"] })).toMatchObject({
      output: "The arguments provided to the tool are invalid: Model tried to call unavailable tool 'zzz'. Available tools: bash, invalid, read.",
    });
  });
});

describe("§2.0 step 2: Truncate.output on tools that do not set metadata.truncated", () => {
  it("head-truncates webfetch output with the generic notice and hint", () => {
    const body = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join("\n");
    const store = memoryStore();
    const head = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    expect(format("webfetch", { url: "https://x.test/a.txt" }, { url: "https://x.test/a.txt", contentType: "text/plain", body }, {}, store)).toEqual({
      status: "completed",
      title: "https://x.test/a.txt (text/plain)",
      output: `${head}\n\n...1000 lines truncated...\n\n${TASK_HINT("/out/tool_1")}`,
      metadata: { truncated: true, outputPath: "/out/tool_1" },
    });
    expect(store.files).toEqual([body]);
  });

  it("uses the bytes unit and the Grep/Read hint when task is not allowed", () => {
    const body = "x".repeat(60000);
    expect(format("webfetch", { url: "https://x.test" }, { url: "https://x.test", contentType: "text/plain", body }, { taskAllowed: false })).toMatchObject({
      output:
        "\n\n...60000 bytes truncated...\n\nThe tool call succeeded but the output was truncated. Full output saved to: /out/tool_1\nUse Grep to search the full content or Read with offset/limit to view specific sections.",
    });
  });

  it("applies options.limits", () => {
    expect(format("todowrite", { todos: [{ content: "a", status: "pending", priority: "low" }] }, {}, { limits: { maxLines: 2 } })).toMatchObject({
      output: `[\n  {\n\n...5 lines truncated...\n\n${TASK_HINT("/out/tool_1")}`,
      metadata: { truncated: true, outputPath: "/out/tool_1" },
    });
  });
});

describe("webfetch v1 (§2.8, README webfetch)", () => {
  const fetch = (input: Record<string, unknown>, observation: Record<string, unknown>) => format("webfetch", input, observation);

  it("returns a non-2xx status as an error", () => {
    expect(fetch({ url: "https://x.test/missing" }, { url: "https://x.test/missing", status: 404, contentType: "text/html", body: "" })).toEqual({
      status: "error",
      error: "StatusCode: non 2xx status code (404 GET https://x.test/missing)",
    });
  });

  it("rejects URLs without http(s)", () => {
    expect(fetch({ url: "ftp://x" }, { url: "ftp://x", contentType: "text/plain", body: "" })).toEqual({
      status: "error",
      error: "URL must start with http:// or https://",
    });
  });

  it("returns the raw body for non-HTML content in every format, untrimmed", () => {
    for (const fmt of ["markdown", "text", "html"]) {
      expect(fetch({ url: "https://x.test", format: fmt }, { url: "https://x.test", contentType: "application/json", body: ' {"a":1}\n' })).toMatchObject({
        output: ' {"a":1}\n',
      });
    }
  });

  it("returns raw HTML for format html", () => {
    expect(fetch({ url: "https://x.test", format: "html" }, { url: "https://x.test", contentType: "text/html; charset=utf-8", body: " <p>a</p>\n" })).toMatchObject({
      title: "https://x.test (text/html; charset=utf-8)",
      output: " <p>a</p>\n",
    });
  });

  it("extracts and trims HTML text for format text, skipping scripts and styles", () => {
    const body = "<html><head><title>T</title><style>p{}</style></head><body>\n <p>Hello &amp; bye</p><script>x()</script>\n</body></html>";
    expect(fetch({ url: "https://x.test", format: "text" }, { url: "https://x.test", contentType: "text/html", body })).toMatchObject({
      output: "T\n Hello & bye",
    });
  });

  it("returns Image fetched successfully with the image as an attachment", () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="; // a whole 1x1 PNG: photon decodes it (spec §2.14b);
    expect(fetch({ url: "https://x.test/p.png" }, { url: "https://x.test/p.png", contentType: "image/png", base64: png })).toEqual({
      status: "completed",
      title: "https://x.test/p.png (image/png)",
      output: "Image fetched successfully",
      metadata: { truncated: false },
      attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${png}` }],
    });
  });

  it("does not treat SVG as an image", () => {
    expect(fetch({ url: "https://x.test/i.svg" }, { url: "https://x.test/i.svg", contentType: "image/svg+xml", body: "<svg/>" })).toMatchObject({
      output: "<svg/>",
    });
  });
});

describe("small v1 tools (§2.9–§2.14)", () => {
  it("websearch returns the provider text, titled by backend", () => {
    expect(format("websearch", { query: "q" }, { text: "result" }, { availableTools: ["websearch"] })).toMatchObject({
      title: "Exa Web Search: q",
      output: "result",
    });
    expect(format("websearch", { query: "q" }, { text: null, provider: "parallel" }, { availableTools: ["websearch"] })).toMatchObject({
      title: "Parallel Web Search: q",
      output: "No search results found. Please try a different query.",
    });
  });

  it("todowrite pretty-prints the todos; the title counts the ones not completed", () => {
    const todos = [
      { content: "a", status: "completed", priority: "high" },
      { content: "b", status: "pending", priority: "low" },
    ];
    expect(format("todowrite", { todos }, {})).toEqual({
      status: "completed",
      title: "1 todos",
      output: '[\n  {\n    "content": "a",\n    "status": "completed",\n    "priority": "high"\n  },\n  {\n    "content": "b",\n    "status": "pending",\n    "priority": "low"\n  }\n]',
      metadata: { truncated: false },
    });
  });

  it("question joins answers and marks missing ones Unanswered", () => {
    const input = { questions: [{ question: "Color?" }, { question: "Size?" }, { question: "Why?" }] };
    expect(format("question", input, { answers: [["Blue"], ["S", "M"], []] }, { availableTools: ["question"] })).toEqual({
      status: "completed",
      title: "Asked 3 questions",
      output: 'User has answered your questions: "Color?"="Blue", "Size?"="S, M", "Why?"="Unanswered". You can now continue with the user\'s answers in mind.',
      metadata: { truncated: false },
    });
    expect(format("question", { questions: [{ question: "Q?" }] }, { answers: [["A"]] }, { availableTools: ["question"] })).toMatchObject({
      title: "Asked 1 question",
    });
  });

  const taskInput = { description: "Explore", prompt: "p", subagent_type: "explore" };

  it("task wraps the subagent's final text", () => {
    expect(format("task", taskInput, { sessionId: "ses_1", state: "completed", text: "Done." })).toEqual({
      status: "completed",
      title: "Explore",
      output: '<task id="ses_1" state="completed">\n<task_result>\nDone.\n</task_result>\n</task>',
      metadata: { truncated: false },
    });
  });

  it("task uses task_error for an errored subtask and keeps an empty text", () => {
    expect(format("task", taskInput, { sessionId: "ses_1", state: "error" })).toMatchObject({
      output: '<task id="ses_1" state="error">\n<task_error>\n\n</task_error>\n</task>',
    });
  });

  it("task background start carries the summary and the background text (U+2014 dash)", () => {
    expect(format("task", taskInput, { sessionId: "ses_2", state: "running" })).toMatchObject({
      output: `<task id="ses_2" state="running">\n<summary>Background task started</summary>\n<task_result>\n${TASK_BACKGROUND_TEXT}\n</task_result>\n</task>`,
    });
    expect(TASK_BACKGROUND_TEXT).toContain("duplicate this task's work \u2014 avoid");
  });

  it("skill renders the skill_content block", () => {
    const observation = { name: "pdf", content: "\n# Use it\n\n", directory: "/s/pdf", files: ["/s/pdf/a.py", "/s/pdf/b.md"] };
    expect(format("skill", { name: "pdf" }, observation)).toMatchObject({
      output:
        '<skill_content name="pdf">\n# Skill: pdf\n\n# Use it\n\nBase directory for this skill: /s/pdf\nRelative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.\nNote: file list is sampled.\n\n<skill_files>\n<file>/s/pdf/a.py</file>\n<file>/s/pdf/b.md</file>\n</skill_files>\n</skill_content>',
    });
  });

  it("skill leaves an empty line for an empty file list", () => {
    const result = format("skill", { name: "s" }, { name: "s", content: "x", directory: "/s", files: [] }) as { output: string };
    expect(result.output.endsWith("<skill_files>\n\n</skill_files>\n</skill_content>")).toBe(true);
  });

  it("plan_exit returns the approval sentence", () => {
    expect(format("plan_exit", {}, {}, { availableTools: ["plan_exit"] })).toMatchObject({
      output: "User approved switching to build agent. Wait for further instructions.",
    });
  });

  it("invalid (a rerouted call) returns the error it carries", () => {
    expect(format("invalid", { tool: "x", error: "boom" }, {})).toEqual({
      status: "completed",
      title: "Invalid Tool",
      output: "The arguments provided to the tool are invalid: boom",
      metadata: { truncated: false },
    });
  });
});

describe("MCP tools (§2.14)", () => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="; // a whole 1x1 PNG: photon decodes it (spec §2.14b);

  it('joins text items with a blank line (the 1.18.33 bundle\'s q.join("\\n\\n"); docs/spec/captures/mcp/) and attaches images, with an empty title', () => {
    const content = [
      { type: "text", text: "one" },
      { type: "image", data: png, mimeType: "image/png" },
      { type: "text", text: "two" },
    ];
    expect(format("my_server_tool", {}, { content })).toEqual({
      status: "completed",
      title: "",
      output: "one\n\ntwo",
      metadata: { truncated: false },
      attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${png}` }],
    });
  });

  it("adds resource text and omits unsupported or oversized blobs with a note", () => {
    const content = [
      { type: "resource", resource: { uri: "file:///r.txt", mimeType: "text/plain", text: "body" } },
      { type: "resource", resource: { uri: "file:///r.zip", mimeType: "application/zip", blob: encodeBase64(new Uint8Array(2000)) } },
    ];
    expect(format("srv_tool", {}, { content })).toMatchObject({
      output: "body\n\n[Binary MCP resource omitted: file:///r.zip (application/zip, 2 KB) is not a supported attachment type]",
    });
  });

  it("attaches a supported resource blob", () => {
    const pdf = encodeBase64(new TextEncoder().encode("%PDF-1.4"));
    const content = [{ type: "resource", resource: { uri: "file:///d.pdf", mimeType: "application/pdf", blob: pdf } }];
    expect(format("srv_tool", {}, { content })).toMatchObject({
      output: "",
      attachments: [{ type: "file", mime: "application/pdf", url: `data:application/pdf;base64,${pdf}` }],
    });
  });
});

describe("opencode-cli truncate op", () => {
  it("returns Truncate.output's content, flag and saved path", () => {
    const store = memoryStore();
    expect(opencodeCli.truncate({ text: "a\nb\nc", direction: "tail", options: { limits: { maxLines: 1 } } }, store)).toEqual({
      result: `...2 lines truncated...\n\n${TASK_HINT("/out/tool_1")}\n\nc`,
      truncated: true,
      savedPath: "/out/tool_1",
    });
    expect(opencodeCli.truncate({ text: "short" }, store)).toEqual({ result: "short", truncated: false });
  });
});
