import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import type { FormatOptions } from "../../profile.js";
import { opencodeCli } from "../opencode-cli-profile.js";

/** The in-memory store, with `files` naming what it saved. */
function memoryStore() {
  const store = createMemoryOutputStore((n) => `/out/tool_${n}`);
  return Object.assign(store, { files: store.saved });
}

function bash(input: Record<string, unknown>, observation: Record<string, unknown>, options?: FormatOptions, store = memoryStore()) {
  return opencodeCli.format({ tool: "bash", input, observation, ...(options ? { options } : {}) }, store);
}

const TIMEOUT_LINE = (ms: number) =>
  `shell tool terminated command after exceeding timeout ${ms} ms. If this command is expected to take longer and is not waiting for interactive input, retry with a larger timeout value in milliseconds.`;

describe("bash v1 (§2.1)", () => {
  it("returns the merged output as is, titled with the command", () => {
    expect(bash({ command: "echo hi" }, { output: "hi\n", exitCode: 0 })).toEqual({
      status: "completed",
      title: "echo hi",
      output: "hi\n",
      metadata: { truncated: false },
    });
  });

  it("gives (no output) for an empty output", () => {
    expect(bash({ command: "true" }, { output: "", exitCode: 0 })).toMatchObject({ output: "(no output)" });
  });

  it("leaves the exit code out of the text and does not make a non-zero exit an error", () => {
    expect(bash({ command: "false" }, { output: "boom\n", exitCode: 1 })).toMatchObject({ status: "completed", output: "boom\n" });
  });

  it("appends the timeout shell_metadata with the default 120000 ms", () => {
    expect(bash({ command: "sleep 999" }, { output: "", exitCode: null, timedOut: true })).toMatchObject({
      output: `(no output)\n\n<shell_metadata>\n${TIMEOUT_LINE(120000)}\n</shell_metadata>`,
    });
  });

  it("uses the requested timeout value, not +100", () => {
    expect(bash({ command: "sleep 9", timeout: 5000 }, { output: "x\n", exitCode: null, timedOut: true })).toMatchObject({
      output: `x\n\n\n<shell_metadata>\n${TIMEOUT_LINE(5000)}\n</shell_metadata>`,
    });
  });

  it("appends the abort line, after the timeout line when both apply", () => {
    expect(bash({ command: "x" }, { output: "", exitCode: null, aborted: true })).toMatchObject({
      output: "(no output)\n\n<shell_metadata>\nUser aborted the command\n</shell_metadata>",
    });
    expect(bash({ command: "x", timeout: 10 }, { output: "", exitCode: null, timedOut: true, aborted: true })).toMatchObject({
      output: `(no output)\n\n<shell_metadata>\n${TIMEOUT_LINE(10)}\nUser aborted the command\n</shell_metadata>`,
    });
  });

  it("a timeout of 0 or below fails the schema before the runtime check (observed on the 1.18.33 binary: timeout -1)", () => {
    for (const timeout of [-5, 0]) {
      expect(bash({ command: "x", timeout }, { output: "", exitCode: 0 })).toEqual({
        status: "error",
        error: `The bash tool was called with invalid arguments: SchemaError(Expected a value greater than 0, got ${timeout}\n  at ["timeout"]).\nPlease rewrite the input so it satisfies the expected schema.`,
      });
    }
    expect(bash({ command: "x", timeout: 1 }, { output: "ok", exitCode: 0 })).toMatchObject({ status: "completed", output: "ok" });
  });

  it("keeps the tail of seq 1 3000: 1002…3000 plus the trailing empty element, behind the header", () => {
    const output = Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join("");
    const kept = Array.from({ length: 1999 }, (_, i) => `${i + 1002}\n`).join("");
    const store = memoryStore();
    expect(bash({ command: "seq 1 3000" }, { output, exitCode: 0 }, undefined, store)).toEqual({
      status: "completed",
      title: "seq 1 3000",
      output: `...output truncated...\n\nFull output saved to: /out/tool_1\n\n${kept}`,
      metadata: { truncated: true, outputPath: "/out/tool_1" },
    });
    expect(store.files).toEqual([output]);
  });

  it("saves and marks output over the byte limit even when the line count fits", () => {
    const output = "ab\ncd\nef";
    expect(bash({ command: "c" }, { output, exitCode: 0 }, { limits: { maxBytes: 5 } })).toMatchObject({
      output: "...output truncated...\n\nFull output saved to: /out/tool_1\n\ncd\nef",
      metadata: { truncated: true, outputPath: "/out/tool_1" },
    });
  });

  it("keeps output of exactly maxBytes bytes and maxLines lines whole, with no header and no file", () => {
    const store = memoryStore();
    expect(bash({ command: "c" }, { output: "ab\ncd", exitCode: 0 }, { limits: { maxLines: 2, maxBytes: 5 } }, store)).toMatchObject({
      output: "ab\ncd",
      metadata: { truncated: false },
    });
    expect(store.files).toEqual([]);
  });

  it("keeps the last maxBytes bytes of a last line that does not fit", () => {
    expect(bash({ command: "c" }, { output: "abcdefgh", exitCode: 0 }, { limits: { maxBytes: 3 } })).toMatchObject({
      output: "...output truncated...\n\nFull output saved to: /out/tool_1\n\nfgh",
    });
  });

  it("moves a partial cut forward past UTF-8 continuation bytes", () => {
    // "éééé" is 8 bytes; the last 5 start inside an é, so 4 bytes (2 chars) remain.
    expect(bash({ command: "c" }, { output: "éééé", exitCode: 0 }, { limits: { maxBytes: 5 } })).toMatchObject({
      output: "...output truncated...\n\nFull output saved to: /out/tool_1\n\néé",
    });
    expect(bash({ command: "c" }, { output: "😀😀", exitCode: 0 }, { limits: { maxBytes: 6 } })).toMatchObject({
      output: "...output truncated...\n\nFull output saved to: /out/tool_1\n\n😀",
    });
  });

  it("gives (no output) after the header when only the trailing empty line fits", () => {
    expect(bash({ command: "c" }, { output: "abcdefgh\n", exitCode: 0 }, { limits: { maxBytes: 3 } })).toMatchObject({
      output: "...output truncated...\n\nFull output saved to: /out/tool_1\n\n(no output)",
    });
  });

  it("puts shell_metadata after the truncated tail", () => {
    expect(bash({ command: "c", timeout: 1 }, { output: "a\nb\nc", exitCode: null, timedOut: true }, { limits: { maxLines: 1 } })).toMatchObject({
      output: `...output truncated...\n\nFull output saved to: /out/tool_1\n\nc\n\n<shell_metadata>\n${TIMEOUT_LINE(1)}\n</shell_metadata>`,
    });
  });

  it("is not re-truncated by the §2.0 wrapper", () => {
    const store = memoryStore();
    bash({ command: "c" }, { output: "a\nb\nc", exitCode: 0 }, { limits: { maxLines: 1 } }, store);
    expect(store.files).toHaveLength(1);
  });

  it("turns an {error} observation into an error state", () => {
    expect(bash({ command: "c" }, { error: "spawn failed" })).toEqual({ status: "error", error: "spawn failed" });
  });
});
