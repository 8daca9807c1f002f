import { describe, expect, it } from "vitest";
import { formatRead } from "./core-format-read.js";

/** A whole 1x1 PNG (fixtures/scenarios/read-png.yaml's dot.png): photon decodes it (spec §2.14b). */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

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

  it("fails for an offset past the end with `Unable to read <path as given>` (OffsetOutOfRangeError is not passed through)", () => {
    expect(formatRead({ path: "a", offset: 9 }, { kind: "file", path: "/w/a", content: "1\n2\n" })).toEqual({ failure: "Unable to read a" });
    expect(formatRead({ path: "a", offset: 3 }, { kind: "file", path: "/w/a", content: "1\n2\n" })).toEqual({ failure: "Unable to read a" });
  });

  it("sends an empty page for offset 1 of an empty file, and for offset 1 with nothing kept", () => {
    expect(formatRead({ path: "a", offset: 1 }, { kind: "file", path: "/w/a", content: "" })).toEqual({
      structured: { type: "text-page", content: "", mime: "text/plain", offset: 1, truncated: false },
      content: [],
    });
  });

  it("lists a directory as JSON: directories first (with /), then files, each sorted", () => {
    const result = formatRead(
      { path: "/w" },
      {
        kind: "directory",
        path: "/w",
        entries: [
          { name: "b.txt", directory: false },
          { name: "src", directory: true },
          { name: "a.txt", directory: false },
        ],
      },
    );
    expect(JSON.stringify(result)).toBe('{"structured":{"entries":[{"path":"src/","type":"directory"},{"path":"a.txt","type":"file"},{"path":"b.txt","type":"file"}],"truncated":false},"content":[]}');
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

  it("fails with `Image could not be decoded: <resource>` for a JPEG that ends inside its header (spec §2.14b; scenario read-png stub.jpg)", () => {
    expect(formatRead({ path: "stub.jpg" }, { kind: "file", path: "/w/stub.jpg", base64: "/9j/4AAQSkZJRgAB" }, { cwd: "/w" })).toEqual({ failure: "Image could not be decoded: stub.jpg" });
  });

  it("is unsupported, naming Image.normalize, for an image the runtime resizes (spec §2.14b)", () => {
    const ihdr = (width: number, height: number) =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
        Buffer.from([0, 0, width >> 8, width & 255, 0, 0, height >> 8, height & 255, 8, 0, 0, 0, 0]),
      ]).toString("base64");
    expect(() => formatRead({ path: "big.png" }, { kind: "file", path: "/w/big.png", base64: ihdr(3000, 2000) })).toThrow("opencode-core: the runtime resizes this 3000x2000 image");
    expect(formatRead({ path: "edge.png" }, { kind: "file", path: "/w/edge.png", base64: ihdr(2000, 2000) })).toMatchObject({ content: [{ text: "Image read successfully" }, { mime: "image/png" }] });
  });

  it("fails with `Unable to read <path as the model gave it>` for a missing path (relative stays relative)", () => {
    expect(formatRead({ path: "nope" }, { kind: "missing", path: "/w/nope" })).toEqual({ failure: "Unable to read nope" });
    expect(formatRead({ path: "/w/nope" }, { kind: "missing", path: "/w/nope" }, { cwd: "/w" })).toEqual({ failure: "Unable to read /w/nope" });
  });

  it("refuses PDFs and binary extensions", () => {
    const pdf = Buffer.from("%PDF-1.4\n").toString("base64");
    expect(formatRead({ path: "a.pdf" }, { kind: "file", path: "/w/a.pdf", base64: pdf }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: a.pdf" });
    expect(formatRead({ path: "a.zip" }, { kind: "file", path: "/w/a.zip", content: "PK" })).toEqual({ failure: "Cannot read binary file: /w/a.zip" });
  });

  it("fails for bytes that are not UTF-8 with `Unable to read <path as given>`, whole or paged", () => {
    const bad = Buffer.from([0x61, 0xff, 0x62]).toString("base64");
    expect(formatRead({ path: "a.txt" }, { kind: "file", path: "/w/a.txt", base64: bad })).toEqual({ failure: "Unable to read a.txt" });
    expect(formatRead({ path: "a.txt", limit: 5 }, { kind: "file", path: "/w/a.txt", base64: bad })).toEqual({ failure: "Unable to read a.txt" });
  });

  it("does not see invalid UTF-8 past the line where a page stops", () => {
    const bytes = Buffer.concat([Buffer.from("one\ntwo\n"), Buffer.from([0xff, 0x0a])]).toString("base64");
    expect(formatRead({ path: "a.txt", limit: 2 }, { kind: "file", path: "/w/a.txt", base64: bytes })).toEqual({
      structured: { type: "text-page", content: "one\ntwo", mime: "text/plain", offset: 1, truncated: true, next: 3 },
      content: [],
    });
  });

  it("refuses a whole small file whose bytes hold a NUL, whatever its extension", () => {
    const bytes = Buffer.from("ab\0cd\n").toString("base64");
    expect(formatRead({ path: "m.txt" }, { kind: "file", path: "/w/m.txt", base64: bytes }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: m.txt" });
  });

  it("refuses more than 30 % bytes in [0x00–0x08] ∪ [0x0E–0x1F]; exactly 30 % and TAB/LF/VT/FF/CR are text", () => {
    const over = Buffer.from([1, 2, 3, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61]).toString("base64"); // 3/9 > 0.3
    const exact = Buffer.from([1, 0x1f, 0x0e, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61]).toString("base64"); // 3/10
    const whitespace = Buffer.from([9, 10, 11, 12, 13, 0x61]).toString("base64");
    expect(formatRead({ path: "c.txt" }, { kind: "file", path: "/w/c.txt", base64: over }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: c.txt" });
    expect(formatRead({ path: "c.txt" }, { kind: "file", path: "/w/c.txt", base64: exact }, { cwd: "/w" })).toEqual({
      structured: { uri: "file:///w/c.txt", name: "c.txt", content: "\u0001\u001f\u000eaaaaaaa", encoding: "utf8", mime: "text/plain" },
      content: [],
    });
    expect(formatRead({ path: "c.txt" }, { kind: "file", path: "/w/c.txt", base64: whitespace }, { cwd: "/w" })).toEqual({
      structured: { uri: "file:///w/c.txt", name: "c.txt", content: "\t\n\u000b\f\ra", encoding: "utf8", mime: "text/plain" },
      content: [],
    });
  });

  it("tests each line of a paged read: a NUL in a line read or skipped refuses, one past the stop does not", () => {
    const nulFirst = Buffer.from("a\0\nb\nc\n").toString("base64");
    expect(formatRead({ path: "p.txt", offset: 2 }, { kind: "file", path: "/w/p.txt", base64: nulFirst }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: p.txt" });
    const nulLast = Buffer.from("a\nb\nc\0\n").toString("base64");
    expect(formatRead({ path: "p.txt", limit: 2 }, { kind: "file", path: "/w/p.txt", base64: nulLast }, { cwd: "/w" })).toEqual({
      structured: { type: "text-page", content: "a\nb", mime: "text/plain", offset: 1, truncated: true, next: 3 },
      content: [],
    });
    // one line of 1 control byte + LF: 1/2 > 0.3 → binary, though the whole file's share is small
    const controlLine = Buffer.from(`${"x".repeat(50)}\n\u0001\n`).toString("base64");
    expect(formatRead({ path: "p.txt", limit: 5 }, { kind: "file", path: "/w/p.txt", base64: controlLine }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: p.txt" });
  });

  it("reads a .pdf without the %PDF magic as text; %PDF magic refuses whatever the extension", () => {
    const result = formatRead({ path: "n.pdf" }, { kind: "file", path: "/w/n.pdf", content: "not a pdf\n", mime: "application/pdf" }, { cwd: "/w" });
    expect(result).toEqual({ structured: { uri: "file:///w/n.pdf", name: "n.pdf", content: "not a pdf\n", encoding: "utf8", mime: "application/pdf" }, content: [] });
    expect(formatRead({ path: "doc.txt" }, { kind: "file", path: "/w/doc.txt", content: "%PDF" }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: doc.txt" });
  });

  it("checks binary extensions on the resource as path.extname sees it (case-insensitive; a leading-dot name has none)", () => {
    expect(formatRead({ path: "LIB.SO" }, { kind: "file", path: "/w/LIB.SO", content: "text" }, { cwd: "/w" })).toEqual({ failure: "Cannot read binary file: LIB.SO" });
    expect(formatRead({ path: ".o" }, { kind: "file", path: "/w/.o", content: "x" }, { cwd: "/w" })).toEqual({
      structured: { uri: "file:///w/.o", name: ".o", content: "x", encoding: "utf8", mime: "text/plain" },
      content: [],
    });
  });

  it("pages across the 64 KiB read chunks: a character split by the chunk end is decoded whole", () => {
    // 32767 lines "x" fill bytes 0–65533; line 32768 "yé" puts é's two bytes at 65535 and 65536
    const bytes = Buffer.concat([Buffer.from("x\n".repeat(32767)), Buffer.from("yé\n")]).toString("base64");
    expect(formatRead({ path: "big.txt", offset: 32768 }, { kind: "file", path: "/w/big.txt", base64: bytes })).toEqual({
      structured: { type: "text-page", content: "yé", mime: "text/plain", offset: 32768, truncated: false },
      content: [],
    });
  });

  it("treats an empty file as text", () => {
    expect(formatRead({ path: "e" }, { kind: "file", path: "/w/e", content: "" }, { cwd: "/w" })).toEqual({
      structured: { uri: "file:///w/e", name: "e", content: "", encoding: "utf8", mime: "text/plain" },
      content: [],
    });
  });
});
