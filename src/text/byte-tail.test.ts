import { describe, expect, it } from "vitest";
import { ByteTail } from "./byte-tail.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("ByteTail", () => {
  it("keeps the last `limit` bytes across chunks", () => {
    const tail = new ByteTail(5);
    for (const piece of ["abc", "defg", "h", "", "ij"]) tail.push(bytes(piece));
    expect(tail.text()).toBe("fghij");
  });
  it("drops a character cut by the window's start instead of showing U+FFFD", () => {
    const tail = new ByteTail(4);
    tail.push(bytes("xé"));
    tail.push(bytes("abc")); // window: second byte of é, then "abc"
    expect(tail.text()).toBe("abc");
  });
  it("holds a bounded number of chunks however many are pushed", () => {
    const tail = new ByteTail(8);
    for (let n = 0; n < 100_000; n++) tail.push(bytes(String(n % 10)));
    expect(tail.text()).toBe("23456789");
    expect((tail as unknown as { chunks: unknown[] }).chunks.length).toBeLessThanOrEqual(9);
  });
});
