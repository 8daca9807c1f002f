import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeBase64 } from "../../../text/base64.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { opencodeCli } from "../opencode-cli-profile.js";

const store: OutputStorePort = {
  write(): string {
    throw new Error("read never saves output");
  },
};

function read(input: Record<string, unknown>, observation: Record<string, unknown>) {
  return opencodeCli.format({ tool: "read", input, observation, options: { cwd: "/a" } }, store);
}

function file(content: string, path = "/a/x.ts") {
  return { kind: "file", path, content };
}

function bytes(values: number[], path: string) {
  return { kind: "file", path, base64: encodeBase64(Uint8Array.from(values)) };
}

/** A whole 1x1 PNG (fixtures/scenarios/read-png.yaml's dot.png): photon decodes it (spec §2.14b). */
const PNG = [...Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")];

/** A PNG signature and IHDR declaring `width` x `height` (photon reads the size from IHDR; spec §2.14b). */
function pngHeader(width: number, height: number): number[] {
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 0, 0, 0, 0];
}

describe("read v1: text files (§2.2)", () => {
  it("numbers lines from 1 inside <content> with the end-of-file footer (spec example)", () => {
    expect(read({ filePath: "/a/x.ts" }, file("one\ntwo"))).toEqual({
      status: "completed",
      title: "x.ts",
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: one\n2: two\n\n(End of file - total 2 lines)\n</content>",
      metadata: { truncated: false },
    });
  });

  it("adds no line for a trailing terminator", () => {
    expect(read({ filePath: "/a/x.ts" }, file("one\ntwo\n"))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: one\n2: two\n\n(End of file - total 2 lines)\n</content>",
    });
  });

  it("renders an empty file with three newlines before the footer", () => {
    expect(read({ filePath: "/a/x.ts" }, file(""))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n\n\n(End of file - total 0 lines)\n</content>",
    });
  });

  it("splits on \\r\\n and lone \\r", () => {
    expect(read({ filePath: "/a/x.ts" }, file("a\r\nb\rc"))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: a\n2: b\n3: c\n\n(End of file - total 3 lines)\n</content>",
    });
  });

  it("strips a UTF-8 BOM", () => {
    expect(read({ filePath: "/a/x.ts" }, bytes([0xef, 0xbb, 0xbf, 0x68, 0x69], "/a/x.ts"))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: hi\n\n(End of file - total 1 lines)\n</content>",
    });
  });

  it("decodes invalid UTF-8 as U+FFFD without calling the file binary", () => {
    expect(read({ filePath: "/a/x.ts" }, bytes([0x68, 0xff, 0x69], "/a/x.ts"))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: h\ufffdi\n\n(End of file - total 1 lines)\n</content>",
    });
  });

  it("pages with offset and limit, counting to the end for the total", () => {
    const content = Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join("\n");
    expect(read({ filePath: "/a/x.ts", offset: 3, limit: 2 }, file(content))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n3: l3\n4: l4\n\n(Showing lines 3-4 of 10. Use offset=5 to continue.)\n</content>",
      metadata: { truncated: true },
    });
  });

  it("treats offset 0 as 1", () => {
    expect(read({ filePath: "/a/x.ts", offset: 0 }, file("a"))).toMatchObject({
      output: "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: a\n\n(End of file - total 1 lines)\n</content>",
    });
  });

  it("keeps 2000 lines by default", () => {
    const content = Array.from({ length: 2500 }, () => "x").join("\n");
    const result = read({ filePath: "/a/x.ts" }, file(content)) as { output: string };
    expect(result.output.endsWith("\n2000: x\n\n(Showing lines 1-2000 of 2500. Use offset=2001 to continue.)\n</content>")).toBe(true);
  });

  it("rejects an offset past the end", () => {
    expect(read({ filePath: "/a/x.ts", offset: 5 }, file("a\nb"))).toEqual({
      status: "error",
      error: "Offset 5 is out of range for this file (2 lines)",
    });
  });

  it("accepts offset 1 on an empty file but not offset 2", () => {
    expect(read({ filePath: "/a/x.ts", offset: 1 }, file(""))).toMatchObject({ status: "completed" });
    expect(read({ filePath: "/a/x.ts", offset: 2 }, file(""))).toEqual({
      status: "error",
      error: "Offset 2 is out of range for this file (0 lines)",
    });
  });

  it("cuts lines over 2000 chars and adds the suffix", () => {
    expect(read({ filePath: "/a/x.ts" }, file("a".repeat(2500)))).toMatchObject({
      output: `<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: ${"a".repeat(2000)}... (line truncated to 2000 chars)\n\n(End of file - total 1 lines)\n</content>`,
    });
  });

  it("can split a surrogate pair at the 2000-char cut", () => {
    const result = read({ filePath: "/a/x.ts" }, file("a".repeat(1999) + "😀")) as { output: string };
    expect(result.output).toContain(`1: ${"a".repeat(1999)}\ud83d... (line truncated to 2000 chars)`);
  });

  it("stops at 51200 bytes with the 50 KB footer", () => {
    // 1000 + 50 × 1001 = 51050 bytes for 51 lines; a 52nd would need 52051.
    const content = Array.from({ length: 60 }, () => "b".repeat(1000)).join("\n");
    const result = read({ filePath: "/a/x.ts" }, file(content)) as { output: string; metadata: unknown };
    expect(result.output.endsWith(`\n51: ${"b".repeat(1000)}\n\n(Output capped at 50 KB. Showing lines 1-51. Use offset=52 to continue.)\n</content>`)).toBe(true);
    expect(result.metadata).toEqual({ truncated: true });
  });

  it("appends AGENTS.md instructions in a system-reminder", () => {
    const observation = {
      ...file("a"),
      instructions: [
        { path: "/a/AGENTS.md", content: "Be nice." },
        { path: "/AGENTS.md", content: "Root." },
      ],
    };
    expect(read({ filePath: "/a/x.ts" }, observation)).toMatchObject({
      output:
        "<path>/a/x.ts</path>\n<type>file</type>\n<content>\n1: a\n\n(End of file - total 1 lines)\n</content>\n\n<system-reminder>\nInstructions from: /a/AGENTS.md\nBe nice.\n\nInstructions from: /AGENTS.md\nRoot.\n</system-reminder>",
    });
  });

  it("titles the result relative to the worktree", () => {
    expect(read({ filePath: "/a/src/y.ts" }, file("a", "/a/src/y.ts"))).toMatchObject({ title: "src/y.ts" });
  });
});

describe("read v1: images, PDFs, binary (§2.2 steps 5–6)", () => {
  it("returns Image read successfully and a data URL attachment for PNG bytes", () => {
    const base64 = encodeBase64(Uint8Array.from(PNG));
    expect(read({ filePath: "/a/p.png" }, bytes(PNG, "/a/p.png"))).toEqual({
      status: "completed",
      title: "p.png",
      output: "Image read successfully",
      metadata: { truncated: false },
      attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${base64}` }],
    });
  });

  it("sniffs magic bytes before the extension", () => {
    expect(read({ filePath: "/a/p.txt" }, bytes(PNG, "/a/p.txt"))).toMatchObject({ output: "Image read successfully" });
  });

  it("returns PDF read successfully for %PDF- bytes", () => {
    const pdf = [...new TextEncoder().encode("%PDF-1.4\n")];
    expect(read({ filePath: "/a/d.pdf" }, bytes(pdf, "/a/d.pdf"))).toMatchObject({
      output: "PDF read successfully",
      attachments: [{ type: "file", mime: "application/pdf", url: `data:application/pdf;base64,${encodeBase64(Uint8Array.from(pdf))}` }],
    });
  });

  it("drops a .png whose bytes are not an image and adds the omitted note", () => {
    expect(read({ filePath: "/a/fake.png" }, file("just text\n", "/a/fake.png"))).toEqual({
      status: "completed",
      title: "fake.png",
      output: "Image read successfully\n\n[1 image omitted: could not be resized below the image size limit.]",
      metadata: { truncated: false },
    });
  });

  it("honours imageOmitted from the observation", () => {
    expect(read({ filePath: "/a/p.png" }, { ...bytes(PNG, "/a/p.png"), imageOmitted: true })).toEqual({
      status: "completed",
      title: "p.png",
      output: "Image read successfully\n\n[1 image omitted: could not be resized below the image size limit.]",
      metadata: { truncated: false },
    });
  });

  it("sends a PNG at the 2000 px limit as it is (spec §2.14b)", () => {
    const edge = pngHeader(2000, 2000);
    expect(read({ filePath: "/a/e.png" }, bytes(edge, "/a/e.png"))).toMatchObject({
      output: "Image read successfully",
      attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${encodeBase64(Uint8Array.from(edge))}` }],
    });
  });

  it("is unsupported, naming Image.normalize, for a PNG the runtime resizes (over 2000 px wide or high; spec §2.14b)", () => {
    expect(() => read({ filePath: "/a/w.png" }, bytes(pngHeader(2001, 1), "/a/w.png"))).toThrow(
      "opencode-cli: the runtime resizes this 2001x1 image with base64 size 40 (Image.normalize: over 2000x2000 px or 5242880 base64 bytes",
    );
    expect(() => read({ filePath: "/a/t.png" }, bytes(pngHeader(1, 2001), "/a/t.png"))).toThrow("the runtime resizes this 1x2001 image");
  });

  it("drops a JPEG that ends inside its header (photon cannot decode it) with the omitted note (spec §2.14b; scenario read-png stub.jpg)", () => {
    expect(read({ filePath: "/a/stub.jpg" }, { kind: "file", path: "/a/stub.jpg", base64: "/9j/4AAQSkZJRgAB" })).toEqual({
      status: "completed",
      title: "stub.jpg",
      output: "Image read successfully\n\n[1 image omitted: could not be resized below the image size limit.]",
      metadata: { truncated: false },
    });
  });

  it("does not treat SVG as an image", () => {
    expect(read({ filePath: "/a/i.svg" }, file("<svg/>", "/a/i.svg"))).toMatchObject({
      output: "<path>/a/i.svg</path>\n<type>file</type>\n<content>\n1: <svg/>\n\n(End of file - total 1 lines)\n</content>",
    });
  });

  it("does not treat BMP as an image (its NUL bytes make it binary)", () => {
    expect(read({ filePath: "/a/b.bmp" }, bytes([0x42, 0x4d, 0, 0, 0, 0], "/a/b.bmp"))).toEqual({
      status: "error",
      error: "Cannot read binary file: /a/b.bmp",
    });
  });

  it("rejects binary extensions whatever the content", () => {
    expect(read({ filePath: "/a/t.zip" }, file("text", "/a/t.zip"))).toEqual({ status: "error", error: "Cannot read binary file: /a/t.zip" });
  });

  it("rejects a NUL byte in the first 4096 bytes", () => {
    expect(read({ filePath: "/a/n.txt" }, bytes([0x61, 0x00, 0x62], "/a/n.txt"))).toEqual({ status: "error", error: "Cannot read binary file: /a/n.txt" });
  });

  it("rejects more than 30% control bytes but not exactly 30%", () => {
    const thirty = [1, 2, 3, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61];
    const forty = [1, 2, 3, 4, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61];
    expect(read({ filePath: "/a/c.txt" }, bytes(thirty, "/a/c.txt"))).toMatchObject({ status: "completed" });
    expect(read({ filePath: "/a/c.txt" }, bytes(forty, "/a/c.txt"))).toEqual({ status: "error", error: "Cannot read binary file: /a/c.txt" });
  });
});

describe("read v1: directories and missing paths (§2.2 steps 3–4)", () => {
  const entries = [
    { name: "b", directory: false },
    { name: "a", directory: true },
    { name: "C", directory: false },
  ];

  it("lists entries sorted, directories with a slash, a blank line before the count", () => {
    expect(read({ filePath: "/a/d" }, { kind: "directory", path: "/a/d", entries })).toEqual({
      status: "completed",
      title: "d",
      output: "<path>/a/d</path>\n<type>directory</type>\n<entries>\na/\nb\nC\n\n(3 entries)\n</entries>",
      metadata: { truncated: false },
    });
  });

  it("renders an empty directory", () => {
    expect(read({ filePath: "/a/d" }, { kind: "directory", path: "/a/d", entries: [] })).toMatchObject({
      output: "<path>/a/d</path>\n<type>directory</type>\n<entries>\n\n\n(0 entries)\n</entries>",
    });
  });

  it("pages entries with the Showing footer", () => {
    expect(read({ filePath: "/a/d", offset: 2, limit: 1 }, { kind: "directory", path: "/a/d", entries })).toMatchObject({
      output: "<path>/a/d</path>\n<type>directory</type>\n<entries>\nb\n\n(Showing 1 of 3 entries. Use 'offset' parameter to read beyond entry 3)\n</entries>",
      metadata: { truncated: true },
    });
  });

  it("reports a missing file", () => {
    expect(read({ filePath: "/a/x" }, { kind: "missing", path: "/a/x", siblings: ["q"] })).toEqual({
      status: "error",
      error: "File not found: /a/x",
    });
  });

  it("suggests up to 3 siblings containing, or contained in, the basename (case-insensitive)", () => {
    const siblings = ["foo.ts.bak", "bar.ts", "foo.ts", "oo", "x", "FOO.TS"];
    expect(read({ filePath: "/a/src/Foo.ts" }, { kind: "missing", path: "/a/src/Foo.ts", siblings })).toEqual({
      status: "error",
      error: "File not found: /a/src/Foo.ts\n\nDid you mean one of these?\n/a/src/foo.ts.bak\n/a/src/foo.ts\n/a/src/oo",
    });
  });
});

describe("read v1 properties", () => {
  it("numbers kept lines consecutively from offset for any mix of \\n, \\r\\n and \\r", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "é"), maxLength: 8 });
    const terminator = fc.constantFrom("\n", "\r\n", "\r");
    // Every line ends in a terminator; "\r" then "\n" reads as one "\r\n", so the expected lines
    // come from a regex split, not from the generated pairs.
    const content = fc.array(fc.tuple(line, terminator), { minLength: 1, maxLength: 40 }).map((pairs) => {
      const text = pairs.map(([l, t]) => l + t).join("");
      return { text, lines: text.split(/\r\n|\r|\n/).slice(0, -1) };
    });
    fc.assert(
      fc.property(content, fc.integer({ min: 1, max: 45 }), fc.integer({ min: 1, max: 50 }), ({ text, lines }, offset, limit) => {
        const result = read({ filePath: "/a/x.ts", offset, limit }, file(text));
        if (offset > lines.length) {
          expect(result).toEqual({ status: "error", error: `Offset ${offset} is out of range for this file (${lines.length} lines)` });
          return;
        }
        const output = (result as { output: string }).output;
        const body = output.slice("<path>/a/x.ts</path>\n<type>file</type>\n<content>\n".length, output.lastIndexOf("\n\n("));
        const expected = lines.slice(offset - 1, offset - 1 + limit).map((l, i) => `${offset + i}: ${l}`);
        expect(body).toBe(expected.join("\n"));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("read v1: the decoder is never flushed (§2.2 v1; the binary, seed 6001)", () => {
  it("drops an incomplete UTF-8 sequence at the end of the file and keeps U+FFFD for one in the middle", () => {
    const cafe = read({ filePath: "/a/n.log" }, bytes([0x63, 0x61, 0x66, 0xc3, 0xa9, 0xc3], "/a/n.log")) as { output: string };
    expect(cafe.output).toContain("\n1: café\n");
    const middle = read({ filePath: "/a/m.log" }, bytes([0x61, 0xc3, 0x28, 0x62], "/a/m.log")) as { output: string };
    expect(middle.output).toContain("\n1: a\ufffd(b\n");
  });
});
