import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, runCli } from "./run-cli.js";

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
      [["--profile", "opencode-core", path], "correx lower: --protocol is required (see correx lower --help)\n"],
      [["--profile", "opencode-core", "--protocol", "bedrock", path], 'correx lower: unknown --protocol "bedrock"; known: openai-chat, anthropic-messages, google-gemini, openai-responses\n'],
      [["--profile", "opencode-core", "--protocol", "openai-chat", "--from", "history", path], 'correx lower: --from "history" is not an input level of opencode-core; known: messages\n'],
      [["--profile", "opencode-core", "--protocol", "openai-chat"], "correx lower: give exactly one FILE, or - for stdin\n"],
    ];
    for (const [args, stderr] of cases) {
      const run = runCli(["lower", ...args]);
      expect(run.stderr).toBe(stderr);
      expect(run.code).toBe(2);
    }
  });
});
