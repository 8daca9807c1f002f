import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import type { ToolOutput } from "../result/core-tool-output.js";
import { boundFullText, boundToolOutput } from "./core-output-bound.js";

const memoryStore = () => createMemoryOutputStore((n) => `P${n}`);

const text = (value: string) => ({ type: "text" as const, text: value });
const defaults = { maxLines: 2000, maxBytes: 51200 };
/** 50 bytes: the marker for the path "P1". */
const marker = "... output truncated; full content saved to P1 ...";

describe("boundFullText (§3.2 step 2)", () => {
  it("is the 2-space pretty JSON of structured when there is no content", () => {
    expect(boundFullText({ structured: { a: [1, 2] }, content: [] })).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it("is String(structured) when JSON.stringify gives undefined", () => {
    expect(boundFullText({ structured: undefined, content: [] })).toBe("undefined");
  });

  it("concatenates the text parts with no separator and skips file parts", () => {
    const output: ToolOutput = { structured: {}, content: [text("ab"), { type: "file", uri: "data:image/png;base64,AA==", mime: "image/png" }, text("cd")] };
    expect(boundFullText(output)).toBe("abcd");
  });
});

describe("boundToolOutput (§3.2)", () => {
  it("returns an output within both limits unchanged and saves nothing", () => {
    const store = memoryStore();
    const output: ToolOutput = { structured: { truncated: false }, content: [text("hello\n"), text("Command exited with code 0.")] };
    const outcome = boundToolOutput(output, defaults, store);
    expect(outcome.output).toBe(output);
    expect(outcome.outputPaths).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it("treats both limits as inclusive", () => {
    const store = memoryStore();
    const output: ToolOutput = { structured: {}, content: [text("a\nb\nc")] };
    expect(boundToolOutput(output, { maxLines: 3, maxBytes: 5 }, store).outputPaths).toEqual([]);
  });

  it("counts a trailing newline as one more line (lineCount = 1 + number of \\n)", () => {
    const store = memoryStore();
    const output: ToolOutput = { structured: {}, content: [text("1\n2\n")] };
    expect(boundToolOutput(output, { maxLines: 2, maxBytes: 51200 }, store).outputPaths).toEqual(["P1"]);
  });

  it("keeps 998 head lines and 998 tail lines of a 3000-line output with the default limits", () => {
    const store = memoryStore();
    const lines = Array.from({ length: 3000 }, (_, i) => String(i + 1));
    const outcome = boundToolOutput({ structured: {}, content: [text(lines.join("\n"))] }, defaults, store);
    const expected = `${lines.slice(0, 998).join("\n")}\n\n${marker}\n\n${lines.slice(2002).join("\n")}`;
    expect(outcome.output.content).toEqual([text(expected)]);
    expect(outcome.outputPaths).toEqual(["P1"]);
  });

  it("saves the full text through the store", () => {
    const store = memoryStore();
    const full = "x\n".repeat(10);
    boundToolOutput({ structured: {}, content: [text(full)] }, { maxLines: 5, maxBytes: 51200 }, store);
    expect(store.saved).toEqual([full]);
  });

  it("cuts a line over the byte budget into ceil(B/2) head and floor(B/2) tail bytes", () => {
    // B = 101 − 50 (marker) − 4 = 47 → 24 head bytes, 23 tail bytes.
    const outcome = boundToolOutput({ structured: {}, content: [text("a".repeat(102))] }, { maxLines: 2000, maxBytes: 101 }, memoryStore());
    expect(outcome.output.content).toEqual([text(`${"a".repeat(24)}\n\n${marker}\n\n${"a".repeat(23)}`)]);
  });

  it("applies the byte windows to the line-limited join, so they can span the head/tail junction", () => {
    // maxLines 8 → L = 4: head lines aaaa, bbbb; tail lines eeee, ffff; S = "aaaa\nbbbb\neeee\nffff".
    // maxBytes 64 → B = 64 − 50 − 4 = 10: head 5 bytes "aaaa\n", tail 5 bytes "\nffff".
    const full = `aaaa\nbbbb\n${"c".repeat(50)}\nd\neeee\nffff`;
    const outcome = boundToolOutput({ structured: {}, content: [text(full)] }, { maxLines: 8, maxBytes: 64 }, memoryStore());
    expect(outcome.output.content).toEqual([text(`aaaa\n\n\n${marker}\n\n\nffff`)]);
  });

  it("omits the tail section when the line budget leaves no tail lines (tailN = 0)", () => {
    // maxLines 5 → L = 1: headN = 1, tailN = 0.
    const outcome = boundToolOutput({ structured: {}, content: [text("1\n2\n3\n4\n5\n6")] }, { maxLines: 5, maxBytes: 51200 }, memoryStore());
    expect(outcome.output.content).toEqual([text(`1\n\n${marker}`)]);
  });

  it("omits the tail section when the kept tail lines are empty", () => {
    // maxLines 6 → L = 2: one head line, one tail line, and the last line is "".
    const outcome = boundToolOutput({ structured: {}, content: [text("1\n2\n3\n4\n5\n6\n")] }, { maxLines: 6, maxBytes: 51200 }, memoryStore());
    expect(outcome.output.content).toEqual([text(`1\n\n${marker}`)]);
  });

  it("returns the marker alone when maxLines ≤ 4", () => {
    const outcome = boundToolOutput({ structured: {}, content: [text("1\n2\n3\n4\n5\n6")] }, { maxLines: 4, maxBytes: 51200 }, memoryStore());
    expect(outcome.output.content).toEqual([text(marker)]);
  });

  it("returns the marker cut to maxBytes by code points when maxBytes ≤ bytes(marker) + 4", () => {
    const outcome = boundToolOutput({ structured: {}, content: [text("x".repeat(100))] }, { maxLines: 2000, maxBytes: 20 }, memoryStore());
    expect(outcome.output.content).toEqual([text("... output truncated")]);
  });

  it("puts the file parts after the preview, in their original order", () => {
    const a = { type: "file" as const, uri: "data:image/png;base64,AA==", mime: "image/png", name: "a.png" };
    const b = { type: "file" as const, uri: "data:image/gif;base64,AA==", mime: "image/gif" };
    const output: ToolOutput = { structured: { s: 1 }, content: [a, text("1\n2\n3\n"), b, text("4\n5\n6")] };
    const outcome = boundToolOutput(output, { maxLines: 5, maxBytes: 51200 }, memoryStore());
    expect(outcome.output).toEqual({ structured: { s: 1 }, content: [text(`1\n\n${marker}`), a, b] });
  });

  it("bounds a JSON result through its pretty text and keeps structured unchanged", () => {
    const structured = { entries: ["a", "b", "c", "d", "e", "f"] };
    const store = memoryStore();
    const outcome = boundToolOutput({ structured, content: [] }, { maxLines: 6, maxBytes: 51200 }, store);
    // Full text: {⏎  "entries": [⏎    "a",⏎ … ⏎  ]⏎} — 10 lines; L = 2 keeps line 1 and line 10.
    expect(store.saved).toEqual([JSON.stringify(structured, null, 2)]);
    expect(outcome.output).toEqual({ structured, content: [text(`{\n\n${marker}\n\n}`)] });
  });

  it("keeps a multi-part output multi-part when it is within the limits", () => {
    const output: ToolOutput = { structured: {}, content: [text("a"), text("b")] };
    expect(boundToolOutput(output, defaults, memoryStore()).output.content).toEqual([text("a"), text("b")]);
  });

  it("merges a multi-part output into one preview part when it is over the limits", () => {
    const output: ToolOutput = { structured: {}, content: [text("1\n2\n3"), text("\n4\n5\n6")] };
    const outcome = boundToolOutput(output, { maxLines: 5, maxBytes: 51200 }, memoryStore());
    expect(outcome.output.content).toEqual([text(`1\n\n${marker}`)]);
  });
});
