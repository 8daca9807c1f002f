import { describe, expect, it } from "vitest";
import type { OutputStorePort } from "../../output-store-port.js";
import { opencodeCli } from "../opencode-cli-profile.js";

const store: OutputStorePort = {
  write(): string {
    throw new Error("grep never saves output");
  },
};

function grep(matches: { path: string; line: number; text: string }[]) {
  return opencodeCli.format({ tool: "grep", input: { pattern: "foo" }, observation: { matches } }, store);
}

describe("grep v1 (§2.5, README grep)", () => {
  it("keeps each match's terminator, giving two blank lines before the next file header", () => {
    const result = grep([
      { path: "/a/x.ts", line: 1, text: "foo\n" },
      { path: "/a/x.ts", line: 3, text: "foo bar\n" },
      { path: "/a/y.ts", line: 2, text: "foo\n" },
    ]);
    expect(result).toEqual({
      status: "completed",
      title: "foo",
      output: "Found 3 matches\n/a/x.ts:\n  Line 1: foo\n\n  Line 3: foo bar\n\n\n/a/y.ts:\n  Line 2: foo\n",
      metadata: { truncated: false },
    });
  });

  it("says No files found for no match", () => {
    expect(grep([])).toEqual({ status: "completed", title: "foo", output: "No files found", metadata: { truncated: false } });
  });

  it("keeps CRLF terminators", () => {
    expect(grep([{ path: "/a/w.txt", line: 7, text: "foo\r\n" }])).toMatchObject({
      output: "Found 1 matches\n/a/w.txt:\n  Line 7: foo\r\n",
    });
  });

  it("marks exactly 100 matches as more available and adds the truncation notice", () => {
    const matches = Array.from({ length: 100 }, (_, i) => ({ path: "/a/x.ts", line: i + 1, text: "foo" }));
    const lines = matches.map((m) => `  Line ${m.line}: foo`).join("\n");
    expect(grep(matches)).toEqual({
      status: "completed",
      title: "foo",
      output: `Found 100 matches (more matches available)\n/a/x.ts:\n${lines}\n\n(Results truncated. Consider using a more specific path or pattern.)`,
      metadata: { truncated: true },
    });
  });

  it("cuts a match over 2000 chars (terminator included) to 2000 plus ..., dropping the terminator", () => {
    const text = "a".repeat(2000) + "\n";
    expect(grep([{ path: "/a/x", line: 1, text }])).toMatchObject({
      output: `Found 1 matches\n/a/x:\n  Line 1: ${"a".repeat(2000)}...`,
    });
  });

  it("keeps a match of exactly 2000 chars whole", () => {
    const text = "a".repeat(1999) + "\n";
    expect(grep([{ path: "/a/x", line: 1, text }])).toMatchObject({ output: `Found 1 matches\n/a/x:\n  Line 1: ${text}` });
  });

  it("removes a trailing high surrogate left by the cut", () => {
    const text = "a".repeat(1999) + "😀" + "\n";
    expect(grep([{ path: "/a/x", line: 1, text }])).toMatchObject({ output: `Found 1 matches\n/a/x:\n  Line 1: ${"a".repeat(1999)}...` });
  });

  it("returns the observation's error", () => {
    expect(opencodeCli.format({ tool: "grep", input: { pattern: "(" }, observation: { error: "regex parse error" } }, store)).toEqual({
      status: "error",
      error: "regex parse error",
    });
  });
});
