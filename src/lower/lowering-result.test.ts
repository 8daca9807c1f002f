import { describe, expect, it } from "vitest";
import { wireValue } from "./lowering-result.js";

describe("wireValue", () => {
  it("is the value JSON.parse(JSON.stringify(value)) gives: undefined keys dropped, undefined items null, NaN null, -0 0, key order kept", () => {
    const value = {
      b: 1,
      a: undefined,
      2: "two",
      list: [1, undefined, () => 0, Number.NaN, -0, Number.POSITIVE_INFINITY, { x: undefined, y: [null] }],
      nested: { f: () => 0, s: Symbol("s"), t: true, text: "é\ud800" },
      date: new Date(0),
    };
    const copy = wireValue(value);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(value)));
    expect(Object.is((copy.list as unknown[])[4], 0)).toBe(true);
  });

  it("keeps an own __proto__ key as JSON.parse does (no prototype set)", () => {
    const value = JSON.parse('{"__proto__":{"polluted":1},"a":1}');
    const copy = wireValue(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":1},"a":1}');
  });

  it("shares strings instead of copying them through JSON text", () => {
    const media = "A".repeat(1 << 20);
    const copy = wireValue({ parts: [{ data: media }] });
    expect(copy.parts[0]!.data).toBe(media);
    expect(copy.parts).not.toBe(undefined);
  });
});
