import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../profiles/memory-output-store.test-support.js";
import { previewMcpResult } from "./preview-mcp-result.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const declaration = { name: "lookup", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { status: { type: "string" }, count: { type: "integer" } } } };
// fixtures/scenarios/mcp-text-image-structured.yaml's result; the expected texts are the bytes each binary sent (docs/spec/captures/mcp/mcp-text-image-structured.*.jsonl).
const result = {
  content: [
    { type: "text", text: "Build status: green" },
    { type: "text", text: "second item\nwith two lines" },
    { type: "image", data: PNG, mimeType: "image/png" },
  ],
  structuredContent: { status: "green", count: 3 },
};

describe("previewMcpResult", () => {
  const rows = previewMcpResult({ declaration, result, input: { topic: "build" }, server: "docs" }, createMemoryOutputStore());
  const row = (profile: string, protocol: string) => rows.find((candidate) => candidate.profile === profile && candidate.protocol === protocol)!;

  it("claude-code: the texts are dropped for structuredContent; the image is attached and named (capture)", () => {
    const claude = row("claude-code", "anthropic-messages");
    expect(claude.name).toBe("mcp__docs__lookup");
    expect(claude.text).toBe('[Image: source: [MCP_SAVED_FILE]]\n{"status":"green","count":3}');
    expect(claude.attachments).toEqual([{ mime: "image/png", bytes: 70 }]);
    expect(claude.items.map((item) => item.fate)).toEqual(["dropped", "dropped", "attached"]);
    expect(claude.structuredContent).toBe("sent");
  });

  it("gemini-cli: texts fenced, a note for the image and the image attached; structuredContent dropped (capture)", () => {
    const gemini = row("gemini-cli", "google-gemini");
    expect(gemini.name).toBe("mcp_docs_lookup");
    expect(gemini.text).toBe(
      "<untrusted_context>\nBuild status: green\n</untrusted_context>\n<untrusted_context>\nsecond item\nwith two lines\n</untrusted_context>\n[Tool 'lookup' provided the following image data with mime-type: image/png]",
    );
    expect(gemini.items.map((item) => item.fate)).toEqual(["kept", "kept", "attached"]);
    expect(gemini.structuredContent).toBe("dropped");
    expect(gemini.tokens).toBe(Math.ceil(gemini.textBytes / 4));
  });

  it("opencode-cli on openai-chat: texts joined by a blank line, the image in the user message after (capture)", () => {
    const opencode = row("opencode-cli", "openai-chat");
    expect(opencode.name).toBe("docs_lookup");
    expect(opencode.text).toBe("Build status: green\n\nsecond item\nwith two lines\nAttached media from tool result:");
    expect(opencode.attachments).toEqual([{ mime: "image/png", bytes: 70 }]);
    expect(opencode.structuredContent).toBe("dropped");
  });

  it("codex-cli: structuredContent is the whole output after the wall-time header; texts and image dropped (gate: codex-mcp-text-image-structured, spec §9.4)", () => {
    const codex = row("codex-cli", "openai-responses");
    expect(codex.name).toBe("mcp__docs__lookup");
    expect(codex.text).toBe('Wall time: 0.0000 seconds\nOutput:\n{"status":"green","count":3}');
    expect(codex.attachments).toEqual([]);
    expect(codex.items.map((item) => item.fate)).toEqual(["dropped", "dropped", "dropped"]);
    expect(codex.structuredContent).toBe("sent");
  });

  it("codex-cli: without structuredContent each item is its own output item, the image attached (gate: codex-mcp-edges, spec §9.2)", () => {
    const [codex] = previewMcpResult(
      { declaration: { name: "lookup" }, result: { content: result.content }, server: "docs", targets: [{ profile: "codex-cli", protocol: "openai-responses", model: "gpt-5.5" }] },
      createMemoryOutputStore(),
    );
    expect(codex!.text).toBe("Wall time: 0.0000 seconds\nOutput:\nBuild status: green\nsecond item\nwith two lines");
    expect(codex!.attachments).toEqual([{ mime: "image/png", bytes: 70 }]);
    expect(codex!.items.map((item) => item.fate)).toEqual(["kept", "kept", "attached"]);
  });

  it("opencode-core: the v2 runtime offers no MCP tool, so the call is an unknown tool and every item is dropped (docs/spec/captures/mcp/mcp-content-kinds.opencode-core.jsonl)", () => {
    const core = row("opencode-core", "openai-chat");
    expect(core.text).toBe('{"error":{"type":"unknown","message":"Unknown tool: docs_lookup"},"content":[],"structured":{}}');
    expect(core.items.map((item) => item.fate)).toEqual(["dropped", "dropped", "dropped"]);
  });

  it("marks a text cut by the agent's limit as truncated and says how much of it is left (gemini-cli: 40,000 chars)", () => {
    const text = Array.from({ length: 6000 }, (_, line) => `line ${line};`).join("");
    const long = previewMcpResult(
      { declaration: { name: "dump" }, result: { content: [{ type: "text", text }] }, targets: [{ profile: "gemini-cli", protocol: "google-gemini", model: "gemini-2.5-pro" }] },
      createMemoryOutputStore(),
    );
    // spec §2.4: the first 8,000 and the last 32,000 characters of the output are kept; §15.1: the
    // output is the text fenced by `<untrusted_context>⏎` (20 chars) and `⏎</untrusted_context>` (21).
    expect(long[0]!.items).toEqual([{ index: 0, type: "text", fate: "truncated", kept: { head: 8000 - 20, tail: 32000 - 21, of: text.length } }]);
  });
});
