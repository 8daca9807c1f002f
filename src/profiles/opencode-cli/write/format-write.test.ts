import { describe, expect, it } from "vitest";
import type { OutputStorePort } from "../../output-store-port.js";
import { opencodeCli } from "../opencode-cli-profile.js";

const store: OutputStorePort = {
  write(): string {
    return "/out/tool_1";
  },
};

const error = (line: number, character: number, message: string) => ({ severity: 1, message, range: { start: { line, character } } });
const warning = { severity: 2, message: "unused", range: { start: { line: 0, character: 0 } } };

function write(observation: Record<string, unknown>) {
  return opencodeCli.format({ tool: "write", input: { content: "x", filePath: "/w/a.ts" }, observation, options: { cwd: "/w" } }, store);
}

describe("write v1 (§2.3, README write)", () => {
  it("says Wrote file successfully. for a new file and for an overwrite", () => {
    const expected = { status: "completed", title: "a.ts", output: "Wrote file successfully.", metadata: { truncated: false } };
    expect(write({ path: "/w/a.ts", existed: false })).toEqual(expected);
    expect(write({ path: "/w/a.ts", existed: true })).toEqual(expected);
  });

  it("appends this file's errors (1-based positions), ignoring other severities", () => {
    const diagnostics = { "/w/a.ts": [error(0, 4, "Cannot find name 'x'."), warning] };
    expect(write({ path: "/w/a.ts", existed: true, diagnostics })).toMatchObject({
      output: "Wrote file successfully.\n\nLSP errors detected in this file, please fix:\n<diagnostics file=\"/w/a.ts\">\nERROR [1:5] Cannot find name 'x'.\n</diagnostics>",
    });
  });

  it("appends other files' errors for at most 5 files with errors", () => {
    const diagnostics: Record<string, unknown[]> = { "/w/clean.ts": [warning] };
    for (let i = 1; i <= 6; i++) diagnostics[`/w/o${i}.ts`] = [error(i, 0, `e${i}`)];
    const others = [1, 2, 3, 4, 5].map((i) => `\n\nLSP errors detected in other files:\n<diagnostics file="/w/o${i}.ts">\nERROR [${i + 1}:1] e${i}\n</diagnostics>`).join("");
    expect(write({ path: "/w/a.ts", existed: false, diagnostics })).toMatchObject({ output: `Wrote file successfully.${others}` });
  });

  it("lists at most 20 errors per file, then ... and <k> more", () => {
    const issues = Array.from({ length: 22 }, (_, i) => error(i, 0, `e${i}`));
    const lines = issues
      .slice(0, 20)
      .map((_, i) => `ERROR [${i + 1}:1] e${i}`)
      .join("\n");
    expect(write({ path: "/w/a.ts", existed: true, diagnostics: { "/w/a.ts": issues } })).toMatchObject({
      output: `Wrote file successfully.\n\nLSP errors detected in this file, please fix:\n<diagnostics file="/w/a.ts">\n${lines}\n... and 2 more\n</diagnostics>`,
    });
  });
});

describe("edit v1 (§2.4, README edit)", () => {
  function edit(observation: Record<string, unknown>) {
    return opencodeCli.format({ tool: "edit", input: { filePath: "/w/a.ts", oldString: "a", newString: "b" }, observation, options: { cwd: "/w" } }, store);
  }

  it("says Edit applied successfully. with no diff or count", () => {
    expect(edit({ path: "/w/a.ts", replacements: 1 })).toEqual({
      status: "completed",
      title: "a.ts",
      output: "Edit applied successfully.",
      metadata: { truncated: false },
    });
  });

  it("appends this file's LSP errors only", () => {
    const diagnostics = { "/w/a.ts": [error(2, 1, "bad")], "/w/b.ts": [error(0, 0, "other")] };
    expect(edit({ path: "/w/a.ts", replacements: 1, diagnostics })).toMatchObject({
      output: 'Edit applied successfully.\n\nLSP errors detected in this file, please fix:\n<diagnostics file="/w/a.ts">\nERROR [3:2] bad\n</diagnostics>',
    });
  });

  it.each([
    ["not-found", "Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings."],
    ["multiple", "Found multiple matches for oldString. Provide more surrounding context to make the match unique."],
    ["identical", "No changes to apply: oldString and newString are identical."],
    ["file-missing", "File /w/a.ts not found"],
    ["is-directory", "Path is a directory, not a file: /w/a.ts"],
    ["empty-old-string", "oldString cannot be empty when editing an existing file. Provide the exact text to replace, or use write for an intentional full-file replacement."],
    ["span-too-large", "Refusing replacement because the matched span is much larger than oldString. Re-read the file and provide the full exact oldString for the intended replacement."],
  ])("maps %s to its v1 error text", (kind, text) => {
    expect(edit({ path: "/w/a.ts", error: kind })).toEqual({ status: "error", error: text });
  });
});

describe("apply_patch v1 (§2.4)", () => {
  it("lists A/M/D with relative paths and appends errors per non-deleted file", () => {
    const observation = {
      changes: [
        { op: "A", path: "src/new.ts", absolute: "/w/src/new.ts" },
        { op: "M", path: "src/old.ts", absolute: "/w/src/old.ts" },
        { op: "D", path: "gone.ts", absolute: "/w/gone.ts" },
      ],
      diagnostics: { "/w/src/old.ts": [error(0, 0, "oops")], "/w/gone.ts": [error(0, 0, "ignored")] },
    };
    const output =
      'Success. Updated the following files:\nA src/new.ts\nM src/old.ts\nD gone.ts\n\nLSP errors detected in src/old.ts, please fix:\n<diagnostics file="/w/src/old.ts">\nERROR [1:1] oops\n</diagnostics>';
    expect(opencodeCli.format({ tool: "apply_patch", input: { patchText: "*** Begin Patch" }, observation, options: { availableTools: ["apply_patch"] } as never }, store)).toEqual({
      status: "completed",
      title: "Success. Updated the following files:\nA src/new.ts\nM src/old.ts\nD gone.ts",
      output,
      metadata: { truncated: false },
    });
  });
});
