import { describe, expect, it } from "vitest";
import { BigStringMemo } from "./big-string-memo.js";

describe("BigStringMemo", () => {
  it("makes a big entry once, and a small one every time", () => {
    const memo = new BigStringMemo<number>(10, 100);
    let made = 0;
    const make = () => ++made;
    expect(memo.get("big", 10, make)).toBe(1);
    expect(memo.get("big", 10, make)).toBe(1);
    expect(memo.get("small", 9, make)).toBe(2);
    expect(memo.get("small", 9, make)).toBe(3);
    expect(made).toBe(3);
  });

  it("holds at most `max` characters, dropping the oldest first; an entry over `max` is never kept", () => {
    const memo = new BigStringMemo<string>(10, 100);
    const made: string[] = [];
    const make = (key: string) => () => {
      made.push(key);
      return key;
    };
    memo.get("a", 40, make("a"));
    memo.get("b", 40, make("b"));
    memo.get("c", 40, make("c")); // 120 > 100: "a" goes
    memo.get("b", 40, make("b"));
    memo.get("c", 40, make("c"));
    memo.get("a", 40, make("a")); // made again; "b" goes
    memo.get("huge", 101, make("huge"));
    memo.get("huge", 101, make("huge"));
    expect(made).toEqual(["a", "b", "c", "a", "huge", "huge"]);
  });
});
