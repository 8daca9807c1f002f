import { describe, expect, it } from "vitest";
import { rustUtf8Error } from "./rust-utf8-error.js";

/** Rust's Utf8Error Display (core::str::run_utf8_validation); the first case observed from the binary (spec §4.2). */
describe("rustUtf8Error", () => {
  it.each([
    [[0x6f, 0x6e, 0x65, 0x0a, 0xff, 0x74], "invalid utf-8 sequence of 1 bytes from index 4"],
    [[0x61, 0xc3], "incomplete utf-8 byte sequence from index 1"],
    [[0xe2, 0x82, 0x74], "invalid utf-8 sequence of 2 bytes from index 0"],
    [[0xe0, 0x80, 0x80], "invalid utf-8 sequence of 1 bytes from index 0"],
    [[0xed, 0xa0, 0x80], "invalid utf-8 sequence of 1 bytes from index 0"],
    [[0xf0, 0x9f, 0x98, 0x41], "invalid utf-8 sequence of 3 bytes from index 0"],
    [[0xf4, 0x90, 0x80, 0x80], "invalid utf-8 sequence of 1 bytes from index 0"],
    [[0xc0, 0x80], "invalid utf-8 sequence of 1 bytes from index 0"],
  ])("%j → %s", (bytes, message) => expect(rustUtf8Error(new Uint8Array(bytes))).toBe(message));

  it("is null for UTF-8", () => expect(rustUtf8Error(new TextEncoder().encode("é€😀"))).toBeNull());
});
