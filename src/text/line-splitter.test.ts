import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LineEvent, LineSplitter } from "./line-splitter.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (line: Uint8Array) => new TextDecoder().decode(line);

/** Pushes `input` in chunks of `size` bytes and returns every event plus the final line. */
function split(input: Uint8Array, size: number, max = 1 << 30) {
  const splitter = new LineSplitter(max);
  const events: LineEvent[] = [];
  for (let at = 0; at < input.length; at += size) events.push(...splitter.push(input.subarray(at, at + size)));
  return { splitter, events, last: splitter.end() };
}

describe("LineSplitter", () => {
  it("splits on \\n only, keeps \\r, and returns the unterminated tail from end()", () => {
    const { events, last } = split(bytes("a\r\n\nbc\nd"), 3);
    expect(events.map((event) => (event.kind === "line" ? [text(event.bytes), event.offset] : event.kind))).toEqual([
      ["a\r", 0],
      ["", 3],
      ["bc", 4],
    ]);
    expect(last && text(last)).toBe("d");
  });

  it("a 4 MiB line fed in 4,096 chunks of 1 KiB: every byte scanned once and copied once (linear work)", () => {
    const size = 4 * 1024 * 1024;
    const input = new Uint8Array(size + 1).fill(120);
    input[size] = 10;
    const { splitter, events } = split(input, 1024);
    expect(events).toHaveLength(1);
    expect(events[0].kind === "line" && events[0].bytes.length).toBe(size);
    // A quadratic reader re-scans the held line on every chunk: ~4096²/2 KiB ≈ 8 GiB scanned.
    expect(splitter.work.scanned).toBe(size + 1);
    expect(splitter.work.copied).toBe(size);
  });

  it("many small lines in one chunk are views, not copies", () => {
    const { splitter, events } = split(bytes("x\n".repeat(10_000)), 1 << 20);
    expect(events).toHaveLength(10_000);
    expect(splitter.work).toEqual({ scanned: 20_000, copied: 0 });
  });

  it("a line over the limit is reported once, at its start, and skipped up to its newline", () => {
    const { events, last } = split(bytes(`ok\n${"y".repeat(100)}\nnext\n${"z".repeat(50)}`), 7, 20);
    expect(events.map((event) => (event.kind === "line" ? text(event.bytes) : `${event.kind}@${event.offset}`))).toEqual(["ok", "too-long@3", "next", "too-long@109"]);
    expect(last).toBeNull();
  });

  it("a line of exactly the limit is kept", () => {
    const { events } = split(bytes(`${"a".repeat(20)}\n`), 3, 20);
    expect(events.map((event) => event.kind)).toEqual(["line"]);
  });

  it("gives the same lines however the stream is chunked (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "\n", "\r", "é"), { maxLength: 200 }), fc.integer({ min: 1, max: 17 }), (pieces, size) => {
        const input = pieces.join("");
        const { events, last } = split(bytes(input), size);
        const lines = events.map((event) => (event.kind === "line" ? text(event.bytes) : "!"));
        const expected = input.split("\n");
        const tail = expected.pop()!;
        expect(lines).toEqual(expected);
        expect(last === null ? "" : text(last)).toBe(tail);
      }),
    );
  });
});
