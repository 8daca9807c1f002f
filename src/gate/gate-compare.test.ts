import { describe, expect, it } from "vitest";
import { compareGateFragments } from "./gate-compare.js";

describe("compareGateFragments", () => {
  it("names the first differing byte of the compact JSON", () => {
    const expected = { result: { role: "tool", tool_call_id: "c", content: "hello\n" }, after: [] };
    const actual = { result: { role: "tool", tool_call_id: "c", content: "hellO\n" }, after: [] };
    const comparison = compareGateFragments(expected, actual);
    expect(comparison.equal).toBe(false);
    // {"result": 10 + {"role":"tool", 15 + "tool_call_id":"c", 19 + "content":" 11 + hell 4 = 59 bytes before the "o"
    expect(comparison.firstByte).toMatch(/^first difference at byte 59 of the fragment's JSON: expected 0x6f "o", found 0x4f "O"/);
    expect(comparison.differences).toEqual([{ pointer: "/result/content", expected: "hello\n", actual: "hellO\n" }]);
  });
  it("key order is part of the bytes", () => {
    const comparison = compareGateFragments({ result: { a: 1, b: 2 }, after: [] }, { result: { b: 2, a: 1 }, after: [] });
    expect(comparison.equal).toBe(false);
    expect(comparison.differences).toEqual([{ pointer: "/result", expected: "keys in order a, b", actual: "keys in order b, a" }]);
  });
  it("shows multi-byte characters whole, never cut in half (unseen claude batch 2: `€€€…�` in the pretty report)", () => {
    // 30 euro signs, "a", then "x" against "€": the first difference is the first byte of that "€"
    const comparison = compareGateFragments({ result: `${"€".repeat(30)}ax`, after: [] }, { result: `${"€".repeat(30)}a€`, after: [] });
    // {"result":" is 11 bytes, then 30 × 3 bytes and "a"
    expect(comparison.firstByte).toMatch(/^first difference at byte 102 of the fragment's JSON: expected 0x78 "x", found 0xe2 \(first byte of "€"\) /);
    expect(comparison.firstByte).not.toContain("\ufffd");
    // 24 bytes back (78) is the middle of a "€": the context starts at that character's first byte
    expect(comparison.firstByte).toContain(`(expected …"${"€".repeat(8)}ax\\"`);
    expect(comparison.firstByte).toContain(`found …"${"€".repeat(8)}a€\\"`);
    const inside = compareGateFragments({ result: "é", after: [] }, { result: "è", after: [] });
    expect(inside.firstByte).toMatch(/expected 0xa9 \(inside "é"\), found 0xa8 \(inside "è"\)/);
  });
  it("equal fragments are equal", () => {
    expect(compareGateFragments({ result: "x", after: [] }, { result: "x", after: [] })).toEqual({ equal: true, differences: [] });
  });
});
