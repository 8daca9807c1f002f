import { describe, expect, it } from "vitest";
import { splitLines } from "./read-split-lines.js";

describe("Stream.splitLines (§2.2 step 7, README read decoding)", () => {
  it("splits on \\n, \\r\\n and lone \\r", () => {
    expect(splitLines("a\nb\r\nc\rd")).toEqual(["a", "b", "c", "d"]);
  });

  it("adds no empty line for a trailing terminator", () => {
    expect(splitLines("a\n")).toEqual(["a"]);
    expect(splitLines("a\r\n")).toEqual(["a"]);
    expect(splitLines("a\r")).toEqual(["a"]);
  });

  it("gives one empty line for a lone \\n and none for the empty text", () => {
    expect(splitLines("\n")).toEqual([""]);
    expect(splitLines("")).toEqual([]);
  });

  it("treats \\n\\r as two terminators", () => {
    expect(splitLines("a\n\rb")).toEqual(["a", "", "b"]);
  });
});
