import { describe, expect, it } from "vitest";
import { jsonPointerTokens, unescapePointerToken } from "./json-pointer-tokens.js";

describe("jsonPointerTokens (RFC 6901)", () => {
  it("splits and unescapes, ~1 before ~0", () => {
    expect(jsonPointerTokens("")).toEqual([]);
    expect(jsonPointerTokens("/")).toEqual([""]);
    expect(jsonPointerTokens("/a~1b/m~0n/~01")).toEqual(["a/b", "m~n", "~1"]);
    expect(unescapePointerToken("~01")).toBe("~1");
  });
});
