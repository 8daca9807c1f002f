import { describe, expect, it } from "vitest";
import type { OutputStorePort } from "../../output-store-port.js";
import { settleCoreTool } from "./core-settle.js";

const store: OutputStorePort = {
  write(): string {
    return "/out/tool_1";
  },
};

describe("settleCoreTool (§1.2)", () => {
  it("answers an unknown tool with `Unknown tool: <name>`", () => {
    expect(settleCoreTool({ tool: "task", input: {}, observation: {} }, store)).toEqual({ type: "error", value: "Unknown tool: task" });
  });

  it("answers input that does not decode with `Invalid tool input: <msg>`", () => {
    expect(settleCoreTool({ tool: "bash", input: {}, observation: { output: "", exitCode: 0 } }, store)).toEqual({
      type: "error",
      value: 'Invalid tool input: Missing key\n  at ["command"]',
    });
  });

  it("turns an {error} observation into an error result with its message", () => {
    expect(settleCoreTool({ tool: "read", input: { path: "/x" }, observation: { error: "Unable to read /x" } }, store)).toEqual({
      type: "error",
      value: "Unable to read /x",
    });
  });

  it("turns a derived failure into an error result", () => {
    expect(settleCoreTool({ tool: "read", input: { path: "/x" }, observation: { kind: "missing", path: "/x" } }, store)).toEqual({
      type: "error",
      value: "Unable to read /x",
    });
  });

  it("gives bash a content result of two text parts", () => {
    expect(settleCoreTool({ tool: "bash", input: { command: "echo hello" }, observation: { output: "hello\n", exitCode: 0 } }, store)).toEqual({
      type: "content",
      value: [
        { type: "text", text: "hello\n" },
        { type: "text", text: "Command exited with code 0." },
      ],
    });
  });

  it("gives a one-part tool a text result", () => {
    expect(settleCoreTool({ tool: "glob", input: { pattern: "*" }, observation: { paths: ["/a"] } }, store)).toEqual({ type: "text", value: "/a" });
  });

  it("gives read of a small file a json result", () => {
    expect(settleCoreTool({ tool: "read", input: { path: "/w/a" }, observation: { kind: "file", path: "/w/a", content: "x", mime: "text/plain" } }, store)).toEqual({
      type: "json",
      value: { uri: "file:///w/a", name: "a", content: "x", encoding: "utf8", mime: "text/plain" },
    });
  });

  it("bounds the output with options.limits before toResultValue (bash parts joined with no separator)", () => {
    const result = settleCoreTool({ tool: "bash", input: { command: "seq 6" }, observation: { output: "1\n2\n3\n4\n5\n6\n", exitCode: 0 }, options: { limits: { maxLines: 6 } } }, store);
    // full = "1⏎…6⏎Command exited with code 0." = 7 lines; L = 2 → head "1", tail "Command exited with code 0.".
    expect(result).toEqual({ type: "text", value: "1\n\n... output truncated; full content saved to /out/tool_1 ...\n\nCommand exited with code 0." });
  });
});
