import { describe, expect, it } from "vitest";
import { decodeGeminiText, ODD_UTF16BE_MESSAGE } from "./gemini-text-decoding.js";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("decodeGeminiText: UTF-16 with an odd byte count (unseen gemini batch 3, spec §3.1)", () => {
  it("little-endian drops the odd last byte, as Node's Buffer does (`hi⏎` then a stray 00 read as `hi⏎`)", () => {
    expect(decodeGeminiText(bytes(0xff, 0xfe, 0x68, 0, 0x69, 0, 0x0a, 0, 0))).toBe("hi\n");
  });
  it("big-endian refuses it: the read fails with swap16's message", () => {
    expect(decodeGeminiText(bytes(0xfe, 0xff, 0, 0x68, 0, 0x69, 0, 0x0a, 0))).toEqual({ error: ODD_UTF16BE_MESSAGE });
    expect(ODD_UTF16BE_MESSAGE).toBe("Buffer size must be a multiple of 16-bits");
  });
  it("an even count reads as before, both orders; a lone surrogate stays a code unit (Buffer, not TextDecoder)", () => {
    expect(decodeGeminiText(bytes(0xfe, 0xff, 0, 0x68, 0, 0x69))).toBe("hi");
    expect(decodeGeminiText(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde))).toBe("😀");
    expect(decodeGeminiText(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x41, 0))).toBe("\ud83dA");
  });
});
