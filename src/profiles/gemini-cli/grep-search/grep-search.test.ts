import { describe, expect, it } from "vitest";
import { grepResultText } from "./format-grep-search.js";
import { ripgrepMatches } from "./grep-search-match.js";
import { adoptGrepFileOrder } from "./grep-search-order.js";

const event = (type: string, path: string, line: number, text: string) => JSON.stringify({ type, data: { path: { text: path }, lines: { text }, line_number: line } });

describe("gemini-cli grep_search (docs/spec/gemini-cli-0.61.0.md §7)", () => {
  it("§7.2: match and context events become relative matches; non-UTF-8 events and paths outside the base are dropped; exclude skips; the cap stops", () => {
    const lines = [
      JSON.stringify({ type: "begin", data: { path: { text: "/w/a.txt" } } }),
      event("match", "/w/a.txt", 1, "one hit  \n"),
      JSON.stringify({ type: "match", data: { path: { text: "/w/b.bin" }, lines: { bytes: "/w==" }, line_number: 1 } }),
      event("context", "/w/a.txt", 2, "around\n"),
      event("match", "/other/x.txt", 1, "outside\n"),
      event("match", "/w/sub/c.txt", 3, "skip me\n"),
      event("match", "/w/sub/c.txt", 4, "two hit\n"),
      event("match", "/w/sub/c.txt", 5, "three hit\n"),
    ].join("\n");
    expect(ripgrepMatches(lines, "/w", /skip/i, 2)).toEqual([
      { absolutePath: "/w/a.txt", filePath: "a.txt", lineNumber: 1, line: "one hit", isContext: false },
      { absolutePath: "/w/a.txt", filePath: "a.txt", lineNumber: 2, line: "around", isContext: true },
      { absolutePath: "/w/sub/c.txt", filePath: "sub/c.txt", lineNumber: 4, line: "two hit", isContext: false },
    ]);
    // a file searched alone is shown by its base name
    expect(ripgrepMatches(event("match", "/w/a.txt", 1, "x\n"), "/w/a.txt", null, 100)[0]!.filePath).toBe("a.txt");
  });

  it("§7.3: files keep the first-reported order except integer-like names (a plain object's keys), lines sorted, 2,000 code points per line", () => {
    const m = (filePath: string, lineNumber: number, line: string) => ({ filePath, absolutePath: `/w/${filePath}`, lineNumber, line, isContext: false });
    const text = grepResultText([m("b.txt", 2, "x"), m("10", 1, "y"), m("b.txt", 1, "😀".repeat(2001))], { pattern: "p" }, 'in path "."', 100);
    expect(text).toBe(`Found 3 matches for pattern "p" in path ".":\n---\nFile: 10\nL1: y\n---\nFile: b.txt\nL1: ${"😀".repeat(2000)}... [truncated]\nL2: x\n---`);
  });

  it("§7.3: the agent's file order is adopted; files it did not show keep ripgrep's order after them", () => {
    const m = (filePath: string) => ({ filePath, absolutePath: `/w/${filePath}`, lineNumber: 1, line: "x", isContext: false });
    const adopted = adoptGrepFileOrder({ kind: "searched", matches: [m("a"), m("b"), m("c")] }, "Found 3 matches…:\n---\nFile: c\nL1: x\n---\nFile: a\nL1: x\n---");
    expect((adopted.matches as { filePath: string }[]).map((match) => match.filePath)).toEqual(["c", "a", "b"]);
  });
});
