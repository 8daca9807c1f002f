import { describe, expect, it } from "vitest";
import { parseRipgrepFiles, parseRipgrepJson, ripgrepServiceFailure } from "./ripgrep-json.js";

describe("parseRipgrepJson (spec §2.5: lines.text keeps its terminator)", () => {
  it("keeps match messages in output order, text as sent", () => {
    const output = [
      '{"type":"begin","data":{"path":{"text":"./a.txt"}}}',
      '{"type":"match","data":{"path":{"text":"./a.txt"},"lines":{"text":"TODO one\\r\\n"},"line_number":2,"absolute_offset":4,"submatches":[]}}',
      '{"type":"match","data":{"path":{"text":"./b.bin"},"lines":{"bytes":"/w=="},"line_number":1,"absolute_offset":0,"submatches":[]}}',
      '{"type":"end","data":{}}',
      "",
    ].join("\n");
    expect(parseRipgrepJson(output)).toEqual([
      { path: "./a.txt", line: 2, text: "TODO one\r\n" },
      { path: "./b.bin", line: 1, text: "\uFFFD" },
    ]);
  });
  it("--files output is one path per line", () => {
    expect(parseRipgrepFiles("./b\n./a\n")).toEqual(["./b", "./a"]);
  });
});

describe("ripgrepServiceFailure (the 1.18.33 bundle's ripgrep service; seed 6001)", () => {
  const match = (path: object, lines: object) => JSON.stringify({ type: "match", data: { path, lines, line_number: 1, absolute_offset: 0, submatches: [] } });
  it("accepts text records and stops reading after limit + 1 matches", () => {
    const good = match({ text: "a.txt" }, { text: "hit\n" });
    const bad = match({ text: "b.txt" }, { bytes: "/w==" });
    expect(ripgrepServiceFailure(`${good}\n${good}\n`, 100)).toBeUndefined();
    expect(ripgrepServiceFailure(`${good}\n${good}\n${bad}\n`, 1)).toBeUndefined();
  });
  it("fails on a match whose line is not UTF-8 text, and on a record over 64 KiB", () => {
    expect(ripgrepServiceFailure(`${match({ text: "b.txt" }, { bytes: "Y2Fmw6nD" })}\n`, 100)).toBe("Invalid ripgrep match output");
    expect(ripgrepServiceFailure(`${match({ text: "c.txt" }, { text: "x".repeat(70000) })}\n`, 100)).toBe("Ripgrep JSON record exceeded 65536 bytes");
  });
});
