import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import type { OutputStorePort } from "../../output-store-port.js";
import type { ToolContent } from "../result/core-tool-content.js";
import { boundToolOutput } from "./core-output-bound.js";
import { boundToolOutputStream } from "./core-output-bound-stream.js";

const RUNS = { numRuns: 10_000 };

const memoryStore = () => createMemoryOutputStore((n) => `/tmp/out/tool_${n}`);

async function* chunksOf(parts: (string | Uint8Array)[]): AsyncIterable<string | Uint8Array> {
  for (const part of parts) yield part;
}

/** Cut points (sorted, deduplicated) inside [0, length]. */
function cut<T extends { slice(start: number, end: number): T; length: number }>(whole: T, points: number[]): T[] {
  const at = [...new Set(points.map((point) => point % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let from = 0;
  for (const point of [...at, whole.length]) {
    pieces.push(whole.slice(from, point));
    from = point;
  }
  return pieces;
}

const unit = fc.constantFrom("a", "b", "\n", "\n", "\r", "é", "€", "😀", "\ud83d", "\ude00");
const textArb = fc.string({ unit, maxLength: 400 });
const limitsArb = fc.record({ maxLines: fc.integer({ min: 0, max: 30 }), maxBytes: fc.integer({ min: 0, max: 300 }) });
const afterArb = fc.array(fc.string({ unit, maxLength: 20 }), { maxLength: 2 });
const pointsArb = fc.array(fc.nat(), { maxLength: 12 });

async function expectSameAsString(pieces: (string | Uint8Array)[], text: string, after: string[], limits: { maxLines: number; maxBytes: number }) {
  const streamStore = memoryStore();
  const streamed = await boundToolOutputStream(chunksOf(pieces), { limits, structured: { s: 1 }, after: () => after }, streamStore);
  const stringStore = memoryStore();
  const content: ToolContent[] = [text, ...after].map((part) => ({ type: "text", text: part }));
  const expected = boundToolOutput({ structured: { s: 1 }, content }, limits, stringStore);
  expect(streamed).toEqual(expected);
  expect(streamStore.saved).toEqual(stringStore.saved);
}

describe("boundToolOutputStream equals boundToolOutput (§3.2)", () => {
  it("for string chunks cut anywhere, surrogate pairs included", async () => {
    await fc.assert(
      fc.asyncProperty(textArb, afterArb, limitsArb, pointsArb, async (text, after, limits, points) => {
        await expectSameAsString(cut(text, points), text, after, limits);
      }),
      RUNS,
    );
  });

  it("for byte chunks cut anywhere, multi-byte characters included", async () => {
    await fc.assert(
      fc.asyncProperty(textArb, afterArb, limitsArb, pointsArb, async (text, after, limits, points) => {
        const bytes = Buffer.from(text, "utf8");
        await expectSameAsString(cut(new Uint8Array(bytes), points), bytes.toString("utf8"), after, limits);
      }),
      RUNS,
    );
  });

  it("for arbitrary bytes, invalid UTF-8 included (decoded as one stream)", async () => {
    const bytesArb = fc.uint8Array({ maxLength: 300 }).map((bytes) => bytes.map((byte) => (byte % 7 === 0 ? 10 : byte)));
    await fc.assert(
      fc.asyncProperty(bytesArb, limitsArb, pointsArb, async (bytes, limits, points) => {
        await expectSameAsString(cut(bytes, points), new TextDecoder().decode(bytes), [], limits);
      }),
      RUNS,
    );
  });

  it("for long texts with the default-like line budget (ring of tail lines wraps)", async () => {
    const lineArb = fc.string({ unit, maxLength: 30 });
    const longArb = fc.array(lineArb, { minLength: 0, maxLength: 120 }).map((lines) => lines.join("\n"));
    await fc.assert(
      fc.asyncProperty(longArb, fc.record({ maxLines: fc.integer({ min: 5, max: 60 }), maxBytes: fc.integer({ min: 55, max: 2000 }) }), pointsArb, async (text, limits, points) => {
        await expectSameAsString(cut(text, points), text, ["Command exited with code 0."], limits);
      }),
      RUNS,
    );
  });

  it("for long head lines and short tail lines (windows reach across the junction into H's end)", async () => {
    const shape = fc.record({
      head: fc.array(fc.string({ unit: fc.constantFrom("x", "é", "😀", "\r"), minLength: 150, maxLength: 500 }), { minLength: 1, maxLength: 3 }),
      middle: fc.array(fc.string({ unit, maxLength: 5 }), { maxLength: 6 }),
      tail: fc.array(fc.string({ unit: fc.constantFrom("a", "é", "😀"), maxLength: 3 }), { maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(shape, fc.record({ maxLines: fc.integer({ min: 5, max: 14 }), maxBytes: fc.integer({ min: 55, max: 400 }) }), pointsArb, async ({ head, middle, tail }, limits, points) => {
        const text = [...head, ...middle, ...tail].join("\n");
        await expectSameAsString(cut(text, points), text, [], limits);
      }),
      RUNS,
    );
  });

  it("falls back to one write at the end for a store without open", async () => {
    const saved: string[] = [];
    const store: OutputStorePort = {
      write(text: string) {
        saved.push(text);
        return "P";
      },
    };
    const outcome = await boundToolOutputStream(chunksOf(["1\n2\n", "3\n4\n5\n6"]), { limits: { maxLines: 5, maxBytes: 100 } }, store);
    expect(outcome.output.content).toEqual([{ type: "text", text: "1\n\n... output truncated; full content saved to P ..." }]);
    expect(saved).toEqual(["1\n2\n3\n4\n5\n6"]);
  });
});
