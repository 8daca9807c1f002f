import { describe, expect, it } from "vitest";
import { hasBinaryExtension, hasPdfMagic, looksBinary, pathExtension } from "./core-read-binary.js";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("v2 read binary detection (§2.2b, bundle ReadTool.read)", () => {
  it("takes the extension as posix path.extname does", () => {
    expect(pathExtension("dir/a.tar.gz")).toBe(".gz");
    expect(pathExtension(".bashrc")).toBe("");
    expect(pathExtension("dir/.o")).toBe("");
    expect(pathExtension("..a")).toBe(".a");
    expect(pathExtension("..")).toBe("");
    expect(pathExtension("a.")).toBe(".");
    expect(pathExtension("v1.2/readme")).toBe("");
    expect(pathExtension("x.so/")).toBe(".so");
  });

  it("checks binary extensions case-insensitively; .pdf is not one", () => {
    expect(hasBinaryExtension("A.EXE")).toBe(true);
    expect(hasBinaryExtension("doc.pdf")).toBe(false);
  });

  it("sees the 4-byte %PDF magic only", () => {
    expect(hasPdfMagic(bytes(0x25, 0x50, 0x44, 0x46))).toBe(true);
    expect(hasPdfMagic(bytes(0x25, 0x50, 0x44))).toBe(false);
  });

  it("calls a chunk binary on NUL or more than 30 % bytes in [0x00–0x08] ∪ [0x0E–0x1F]; empty is text", () => {
    expect(looksBinary("a.txt", bytes())).toBe(false);
    expect(looksBinary("a.dat", bytes())).toBe(true);
    expect(looksBinary("a.txt", bytes(0x61, 0x00))).toBe(true);
    expect(looksBinary("a.txt", bytes(0x08, 0x61, 0x61))).toBe(true); // 1/3
    expect(looksBinary("a.txt", bytes(0x0e, 0x61, 0x61, 0x61))).toBe(false); // 1/4
    expect(looksBinary("a.txt", bytes(0x09, 0x0a, 0x0b, 0x0c, 0x0d))).toBe(false);
    expect(looksBinary("a.txt", bytes(0x1f, 0x7f, 0x7f))).toBe(true); // 1/3 (DEL is not counted)
    expect(looksBinary("a.txt", bytes(0x20, 0x7f, 0x7f))).toBe(false);
  });
});
