import { describe, expect, it } from "vitest";
import { alignSearchObservation } from "./search-order.js";

describe("alignSearchObservation (README: glob order is ripgrep's)", () => {
  it("glob: observed paths the agent listed come first in its order, the rest keep ripgrep's", () => {
    const observed = { paths: ["/w/a", "/w/b", "/w/c", "/w/d"] };
    expect(alignSearchObservation("glob", observed, "/w/c\n/w/a\n/w/zzz")).toEqual({ paths: ["/w/c", "/w/a", "/w/b", "/w/d"] });
  });
  it("grep: files in the agent's header order, matches within a file in line order", () => {
    const matches = [
      { path: "/w/a.txt", line: 1, text: "x\n" },
      { path: "/w/b.txt", line: 1, text: "x\n" },
      { path: "/w/a.txt", line: 2, text: "x\n" },
    ];
    const text = "Found 3 matches\n/w/b.txt:\n  Line 1: x\n\n\n/w/a.txt:\n  Line 1: x\n\n  Line 2: x\n";
    expect(alignSearchObservation("grep", { matches }, text)).toEqual({ matches: [matches[1], matches[0], matches[2]] });
  });
  it("leaves other tools alone", () => {
    const observation = { output: "x", exitCode: 0 };
    expect(alignSearchObservation("bash", observation, "anything")).toBe(observation);
  });
  it("read: a missing file's suggestions follow the agent's listing order (the folder's order differs between copies; seed 6001)", () => {
    const observed = { kind: "missing", path: "/w/note", siblings: ["notes-12.ts", "notes-14.ts", "notes-4", "other"] };
    const text = "File not found: /w/note\n\nDid you mean one of these?\n/w/notes-4\n/w/notes-14.ts\n/w/notes-12.ts";
    expect(alignSearchObservation("read", observed, text)).toEqual({ ...observed, siblings: ["notes-4", "notes-14.ts", "notes-12.ts", "other"] });
  });
});
