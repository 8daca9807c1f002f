import { describe, expect, it } from "vitest";
import { formatRead } from "./core-format-read.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString("base64");

describe("formatRead (§2.2b)", () => {
  it("sends a whole small file as JSON {uri, name, content, encoding, mime}, with no content parts", () => {
    const result = formatRead({ path: "/w/a.txt" }, { kind: "file", path: "/w/a.txt", content: "hi\n", mime: "text/plain" });
    expect(JSON.stringify(result)).toBe('{"structured":{"uri":"file:///w/a.txt","name":"a.txt","content":"hi\\n","encoding":"utf8","mime":"text/plain"},"content":[]}');
  });

  it("pages when offset or limit is given: lines joined by \\n, CR before LF stripped, next only when truncated", () => {
    const result = formatRead({ path: "/w/a", offset: 2, limit: 2 }, { kind: "file", path: "/w/a", content: "1\r\n2\r\n3\n4\n", mime: "text/plain" });
    expect(JSON.stringify(result)).toBe('{"structured":{"type":"text-page","content":"2\\n3","mime":"text/plain","offset":2,"truncated":true,"next":4},"content":[]}');
  });

  it("pages a file over 51200 bytes even without offset/limit, 2000 lines at most", () => {
    const content = "ab\n".repeat(30000);
    const result = formatRead({ path: "/w/big" }, { kind: "file", path: "/w/big", content, mime: "text/plain" });
    const page = Array.from({ length: 2000 }, () => "ab").join("\n");
    expect(result).toEqual({ structured: { type: "text-page", content: page, mime: "text/plain", offset: 1, truncated: true, next: 2001 }, content: [] });
  });

  it("stops a page at 51200 bytes, counting one separator byte per line after the first", () => {
    // 100-byte lines: 507 lines use 100 + 506 × 101 = 51206 > 51200; 506 lines fit.
    const line = "q".repeat(100);
    const result = formatRead({ path: "/w/big", limit: 2000 }, { kind: "file", path: "/w/big", content: `${line}\n`.repeat(600), mime: "text/plain" });
    expect(result).toEqual({ structured: { type: "text-page", content: Array.from({ length: 506 }, () => line).join("\n"), mime: "text/plain", offset: 1, truncated: true, next: 507 }, content: [] });
  });

  it("cuts a line over 2000 chars with the v1 suffix", () => {
    const result = formatRead({ path: "/w/a", limit: 5 }, { kind: "file", path: "/w/a", content: "z".repeat(2001), mime: "text/plain" });
    expect(result).toEqual({
      structured: { type: "text-page", content: `${"z".repeat(2000)}... (line truncated to 2000 chars)`, mime: "text/plain", offset: 1, truncated: false },
      content: [],
    });
  });

  it("fails for an offset past the end", () => {
    expect(formatRead({ path: "/w/a", offset: 9 }, { kind: "file", path: "/w/a", content: "1\n2\n" })).toEqual({ failure: "Offset 9 is out of range" });
  });

  it("lists a directory as JSON: directories first (with /), then files, each sorted", () => {
    const result = formatRead({ path: "/w" }, { kind: "directory", path: "/w", entries: [{ name: "b.txt", directory: false }, { name: "src", directory: true }, { name: "a.txt", directory: false }] });
    expect(JSON.stringify(result)).toBe(
      '{"structured":{"entries":[{"path":"src/","type":"directory"},{"path":"a.txt","type":"file"},{"path":"b.txt","type":"file"}],"truncated":false},"content":[]}',
    );
  });

  it("reads a PNG as `Image read successfully` plus a data: file part named by the input path", () => {
    const result = formatRead({ path: "img.png" }, { kind: "file", path: "/w/img.png", base64: PNG, mime: "image/png" });
    expect(result).toEqual({
      structured: expect.anything(),
      content: [
        { type: "text", text: "Image read successfully" },
        { type: "file", uri: `data:image/png;base64,${PNG}`, mime: "image/png", name: "img.png" },
      ],
    });
  });

  it("fails with `Unable to read <abs>` for a missing path", () => {
    expect(formatRead({ path: "nope" }, { kind: "missing", path: "/w/nope" })).toEqual({ failure: "Unable to read /w/nope" });
  });

  it("refuses PDFs and binary extensions", () => {
    const pdf = Buffer.from("%PDF-1.4\n").toString("base64");
    expect(formatRead({ path: "a.pdf" }, { kind: "file", path: "/w/a.pdf", base64: pdf }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: a.pdf" });
    expect(formatRead({ path: "a.zip" }, { kind: "file", path: "/w/a.zip", content: "PK" })).toEqual({ failure: "Cannot read binary file: /w/a.zip" });
  });

  it("fails for bytes that are not UTF-8", () => {
    const bad = Buffer.from([0x61, 0xff, 0x62]).toString("base64");
    expect(formatRead({ path: "a.txt" }, { kind: "file", path: "/w/a.txt", base64: bad })).toEqual({ failure: "File is not valid UTF-8: /w/a.txt" });
  });
});
