import { describe, expect, it } from "vitest";
import { parseRipgrepFiles, parseRipgrepJson } from "./ripgrep-json.js";

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
