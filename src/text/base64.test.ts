import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64DecodedLength, decodeBase64, encodeBase64, findNonBase64Character } from "./base64.js";

function btoaBytes(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

describe("base64 codec", () => {
  it("encodes with padding", () => {
    expect(encodeBase64(new TextEncoder().encode("hi"))).toBe("aGk=");
    expect(encodeBase64(new TextEncoder().encode("hey"))).toBe("aGV5");
  });

  it("matches btoa and round-trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = encodeBase64(bytes);
        expect(encoded).toBe(btoaBytes(bytes));
        expect(decodeBase64(encoded)).toEqual(bytes);
        expect(base64DecodedLength(encoded)).toBe(bytes.length);
      }),
      { numRuns: 10_000 },
    );
  });

  it("decodes the URL-safe alphabet, missing padding and whitespace to the same bytes (both the native and the portable path)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), (bytes, at) => {
        const standard = btoaBytes(bytes);
        const urlSafe = standard.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        const spaced = `${standard.slice(0, at % (standard.length + 1))}\n ${standard.slice(at % (standard.length + 1))}`;
        expect(decodeBase64(urlSafe)).toEqual(bytes);
        expect(decodeBase64(spaced)).toEqual(bytes);
      }),
      { numRuns: 5_000 },
    );
  });

  it("sizes base64 with whitespace anywhere (space, \\n, \\r, \\t) as the bytes it decodes to (§2.14 MCP resource sizes)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(" ", "\n", "\r", "\t")), { minLength: 1, maxLength: 4 }), (bytes, inserts) => {
        let text = encodeBase64(bytes);
        for (const [at, space] of inserts) {
          const index = at % (text.length + 1);
          text = text.slice(0, index) + space + text.slice(index);
        }
        expect(base64DecodedLength(text)).toBe(bytes.length);
      }),
      { numRuns: 10_000 },
    );
  });

  it("rejects characters outside the alphabet", () => {
    expect(() => decodeBase64("a*b=")).toThrow();
  });
});

describe("findNonBase64Character: the decoder's own rule", () => {
  const decodes = (text: string) => {
    try {
      decodeBase64(text);
      return true;
    } catch {
      return false;
    }
  };
  it("finds a character exactly where decodeBase64 would throw", () => {
    expect(findNonBase64Character("!!!notbase64")).toBe(0);
    expect(findNonBase64Character("aGk=\f")).toBe(-1); // atob's forgiving whitespace
    expect(findNonBase64Character("a-_b=")).toBe(-1); // the URL-safe alphabet
    expect(findNonBase64Character("aGk\u00e9")).toBe(3);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."AZaz09+/-_= \n\r\t\f!.é"), maxLength: 12 }), (text) => {
        expect(findNonBase64Character(text) === -1).toBe(decodes(text));
      }),
    );
  });
});
