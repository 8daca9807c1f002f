import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, runCli } from "./run-cli.js";

let dir: string;
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** One opencode-core tool message with a text result (LLM.Message, design: envelope). */
const coreText = [{ role: "tool", content: [{ type: "tool-result", id: "call_1", name: "bash", result: { type: "text", value: "hello\n" } }] }];
/** An AI SDK call and its error-text result (ModelMessage). */
const sdkError = [
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_1", toolName: "bash", input: { command: "false" } }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "bash", output: { type: "error-text", value: "exit 1" } }] },
];

beforeAll(() => {
  dir = makeTempDir("correx-lower-");
});

// The command is listed in src/cli/correx.ts's command table by the lead; until then the built CLI does not know it.
const wired = runCli(["lower", "--help"]).code === 0;

describe.skipIf(!wired)("correx lower", () => {
  it("prints the opencode-core Chat body as compact JSON: one tool message, string content (§4.3)", () => {
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", file("core.json", JSON.stringify(coreText, null, 2))]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe('{"messages":[{"role":"tool","tool_call_id":"call_1","content":"hello\\n"}]}\n');
    expect(run.code).toBe(0);
  });

  it("indents with --pretty", () => {
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", "--pretty", file("core-pretty.json", JSON.stringify(coreText))]);
    expect(run.stdout).toBe('{\n  "messages": [\n    {\n      "role": "tool",\n      "tool_call_id": "call_1",\n      "content": "hello\\n"\n    }\n  ]\n}\n');
    expect(run.code).toBe(0);
  });

  it("reads stdin for -, and keeps the client's key order (Anthropic: content before is_error, §4.2)", () => {
    const run = runCli(["lower", "--profile", "opencode-cli", "--from", "sdk-messages", "--protocol", "anthropic-messages", "-"], { input: JSON.stringify(sdkError) });
    expect(run.stdout).toBe(
      '{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"call_1","name":"bash","input":{"command":"false"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"exit 1","is_error":true}]}]}\n',
    );
    expect(run.code).toBe(0);
  });

  it("reads a YAML object with messages, from and model; flags are not needed for them (Gemini 3: one functionResponse, §4.2)", () => {
    const yaml = [
      "from: sdk-messages",
      "model: gemini-3-pro-preview",
      "messages:",
      "  - role: assistant",
      "    content:",
      "      - {type: tool-call, toolCallId: call_1, toolName: read, input: {}}",
      "  - role: tool",
      "    content:",
      "      - type: tool-result",
      "        toolCallId: call_1",
      "        toolName: read",
      "        output: {type: content, value: [{type: text, text: a}, {type: text, text: b}]}",
      "",
    ].join("\n");
    const run = runCli(["lower", "--profile", "opencode-cli", "--protocol", "google-gemini", file("gemini.yaml", yaml)]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      '{"contents":[{"role":"model","parts":[{"functionCall":{"name":"read","args":{}}}]},{"role":"user","parts":[{"functionResponse":{"name":"read","response":{"name":"read","content":"a\\nb"}}}]}]}\n',
    );
    expect(run.code).toBe(0);
  });

  it("expands $repeat in YAML", () => {
    const yaml = [
      "- role: tool",
      "  content:",
      "    - type: tool-result",
      "      id: call_1",
      "      name: bash",
      "      result:",
      "        type: text",
      "        value: {$repeat: {text: ab, count: 3}}",
      "",
    ].join("\n");
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-responses", file("repeat.yaml", yaml)]);
    expect(run.stdout).toBe('{"input":[{"type":"function_call_output","call_id":"call_1","output":"ababab"}]}\n');
    expect(run.code).toBe(0);
  });

  it("prints the anthropic-beta header a PDF needs as a warning on stderr (§4.2)", () => {
    const pdf = [
      sdkError[0],
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "call_1", toolName: "bash", output: { type: "content", value: [{ type: "file-data", data: "JVBERi0xLjQKJSVFT0YK", mediaType: "application/pdf" }] } },
        ],
      },
    ];
    const run = runCli(["lower", "--profile", "opencode-cli", "--from", "sdk-messages", "--protocol", "anthropic-messages", file("pdf.json", JSON.stringify(pdf))]);
    expect(run.stderr).toBe("correx lower: warning: anthropic-beta: pdfs-2024-09-25\n");
    expect(run.stdout).toContain('{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQKJSVFT0YK"}}');
    expect(run.code).toBe(0);
  });

  it("exits 1 with opencode's error text when the profile refuses the history (§4.3 media check)", () => {
    const video = [
      { role: "tool", content: [{ type: "tool-result", id: "call_1", name: "read", result: { type: "content", value: [{ type: "file", mime: "video/mp4", uri: "data:video/mp4;base64,AAAA" }] } }] },
    ];
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", file("video.json", JSON.stringify(video))]);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("correx lower: OpenAI Chat does not support media type video/mp4\n");
    expect(run.code).toBe(1);
  });

  it("exits 2 on a message that does not fit its level's schema: one line with file:line:col and pointer", () => {
    const text = '[\n  {\n    "role": "tool",\n    "content": [\n      { "type": "tool-result", "id": "call_1", "name": "bash", "result": { "type": "blob" } }\n    ]\n  }\n]\n';
    const path = file("bad.json", text);
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", path]);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`correx lower: ${path}:5:84: /0/content/0/result/type: expected a known "type" value, found "blob" (envelope/message)\n`);
    expect(run.code).toBe(2);
  });

  it("exits 2 on malformed JSON, at its line and column", () => {
    const path = file("malformed.json", '[\n  {"role": "tool",,}\n]\n');
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", path]);
    expect(run.stderr).toMatch(new RegExp(`^correx lower: ${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:2:19: [^\\n]+\\n$`));
    expect(run.code).toBe(2);
  });

  it("exits 2 when the document is not a message array", () => {
    const path = file("object.json", '{"messages": {"role": "tool"}}');
    const run = runCli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", path]);
    expect(run.stderr).toBe(`correx lower: ${path}:1:14: /messages: expected an array of messages\n`);
    expect(run.code).toBe(2);
  });

  it("exits 2 on bad usage: missing flag, unknown protocol, a level the profile lacks, no file", () => {
    const path = file("ok.json", JSON.stringify(coreText));
    const cases: [string[], string][] = [
      [["--profile", "opencode-core", path], "correx lower: --protocol is required (see npx correx lower --help)\n"],
      [["--profile", "opencode-core", "--protocol", "bedrock", path], 'correx lower: unknown --protocol "bedrock"; known: openai-chat, anthropic-messages, google-gemini, openai-responses\n'],
      [["--profile", "opencode-core", "--protocol", "openai-chat", "--from", "history", path], 'correx lower: --from "history" is not an input level of opencode-core; known: messages, neutral\n'],
      [["--profile", "opencode-core", "--protocol", "openai-chat"], "correx lower: give exactly one FILE, or - for stdin\n"],
    ];
    for (const [args, stderr] of cases) {
      const run = runCli(["lower", ...args]);
      expect(run.stderr).toBe(stderr);
      expect(run.code).toBe(2);
    }
  });
});

describe.skipIf(!wired)("correx lower for every profile, from a neutral history (schemas/history/neutral-message.json)", () => {
  const caseFile = (id: string) => `${repoRoot}/fixtures/cases/${id}.yaml`;
  const lower = (profile: string, protocol: string, path: string) => runCli(["lower", "--profile", profile, "--protocol", protocol, path]);
  const captureLines = (path: string) =>
    readFileSync(`${repoRoot}/${path}`, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("claude-code: the results message is byte for byte the one Claude Code 2.1.332 sent (claude-parallel, request 2)", () => {
    const run = lower("claude-code", "anthropic-messages", caseFile("claude-code/lower/neutral-parallel-bash"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const captured = captureLines("docs/spec/captures/claude-code-2.1.332.jsonl").find((line) => line.scenario === "claude-parallel" && line.seq === 2)!;
    const body = JSON.parse(run.stdout) as { messages: unknown[] };
    expect(JSON.stringify(body.messages[1])).toBe(JSON.stringify({ role: "assistant", content: captured.call }));
    expect(JSON.stringify(body.messages[2])).toBe(JSON.stringify((captured.after as unknown[])[0]));
  });

  it("codex-cli: the result items are the ones Codex CLI 0.171.0 sent, but for the item ids (runs echo and patch-and-image)", () => {
    const run = lower("codex-cli", "openai-responses", caseFile("codex-cli/lower/neutral-exec-and-patch"));
    expect(run.code).toBe(0);
    const captured = captureLines("docs/spec/captures/codex-cli-0.171.0.jsonl");
    const echo = captured.find((line) => line.run === "echo")!.result as Record<string, unknown>;
    const patch = captured.find((line) => line.run === "patch-and-image" && (line.call as { call_id: string }).call_id === "call_1_1")!.result as Record<string, unknown>;
    const input = (JSON.parse(run.stdout) as { input: Record<string, unknown>[] }).input;
    expect(JSON.stringify(input.slice(3))).toBe(
      JSON.stringify([
        { ...echo, id: "fco_00000000-0000-7000-8000-000000000001" },
        { ...patch, id: "ctco_00000000-0000-7000-8000-000000000002", call_id: "call_1_2" },
      ]),
    );
  });

  it("gemini-cli: the call and response parts are the ones Gemini CLI 0.61.0 sent, but for the time in the call id", () => {
    const run = lower("gemini-cli", "google-gemini", caseFile("gemini-cli/lower/neutral-shell-echo"));
    expect(run.code).toBe(0);
    const [call, response] = captureLines("fixtures/captures/gemini-cli/google-gemini-shell.1.parts.jsonl").map((line) => JSON.stringify(line.part).replaceAll("_1796141687275_", "_0_"));
    const contents = (JSON.parse(run.stdout) as { contents: { parts: unknown[] }[] }).contents;
    expect(JSON.stringify(contents[1]!.parts[0])).toBe(call);
    expect(JSON.stringify(contents[2]!.parts[0])).toBe(response);
  });

  it("opencode-core and opencode-cli take the neutral form too: the turn is recorded in their own history and lowered", () => {
    const core = lower("opencode-core", "openai-chat", caseFile("opencode-core/lower/neutral-bash-turn"));
    expect(core.stdout).toBe(
      '{"messages":[{"role":"user","content":"Run echo hello"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":"{\\"command\\":\\"echo hello\\"}"}}]},{"role":"tool","tool_call_id":"call_1","content":"hello\\n\\nCommand exited with code 0."}]}\n',
    );
    const neutral = [
      { role: "user", content: "Run echo hello" },
      { role: "assistant", calls: [{ id: "call_1", tool: "bash", input: { command: "echo hello" } }] },
      { role: "tool", id: "call_1", result: { status: "completed", title: "echo hello", output: "hello\n", metadata: { truncated: false } } },
    ];
    const cli = runCli(["lower", "--profile", "opencode-cli", "--protocol", "openai-chat", "--from", "neutral", file("cli-neutral.json", JSON.stringify(neutral))]);
    expect(cli.stderr).toBe("");
    const messages = (JSON.parse(cli.stdout) as { messages: Record<string, unknown>[] }).messages;
    expect(JSON.stringify(messages.at(-1))).toBe('{"role":"tool","tool_call_id":"call_1","content":"hello\\n"}');
  });

  it("refuses a result that is not the profile's result form: exit 2, one line with file:line:col and the pointer", () => {
    const text =
      '[\n  {"role": "user", "content": "go"},\n  {"role": "assistant", "calls": [{"id": "c1", "tool": "Bash", "input": {"command": "true"}}]},\n  {"role": "tool", "id": "c1", "result": {"content": "", "is_error": "no"}}\n]\n';
    const path = file("claude-bad.json", text);
    const column = text.split("\n")[3]!.indexOf('"no"') + 1;
    const run = lower("claude-code", "anthropic-messages", path);
    expect(run.stderr).toBe(`correx lower: ${path}:4:${column}: /2/result/is_error: expected boolean, found string "no" (claude-code/tool-result)\n`);
    expect(run.code).toBe(2);
  });

  it("a protocol the agent does not speak is bad usage; a history the lowerer does not model is unsupported (exit 1, naming the rule)", () => {
    const path = file(
      "codex-two-turns.json",
      JSON.stringify([
        { role: "user", content: "go" },
        { role: "assistant", content: "Thinking." },
      ]),
    );
    const wrong = lower("codex-cli", "openai-chat", path);
    expect(wrong.stderr).toBe("correx lower: codex-cli speaks openai-responses, not --protocol openai-chat\n");
    expect(wrong.code).toBe(2);
    const unsupported = lower("codex-cli", "openai-responses", path);
    expect(unsupported.stderr).toBe("correx lower: unsupported: codex-cli: assistant text beside the calls is not modelled (the lowerer is pinned to a turn of calls only)\n");
    expect(unsupported.code).toBe(1);
  });
});
