import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import type { ToolContent } from "../result/core-tool-content.js";
import type { ToolOutput } from "../result/core-tool-output.js";
import { boundToolOutput } from "./core-output-bound.js";
import { split } from "./core-output-preview.js";

const RUNS = { numRuns: 10_000 };

const memoryStore = () => createMemoryOutputStore((n) => `/tmp/out/tool_${n}`);

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
const lineCount = (text: string) => text.split("\n").length;

/** Text over a small alphabet with newlines, CR and 1–4-byte code points (no lone surrogates). */
const textArb = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\r", "é", "€", "😀"), maxLength: 300 });
const fileArb = fc.constantFrom<ToolContent>(
  { type: "file", uri: "data:image/png;base64,AA==", mime: "image/png", name: "a.png" },
  { type: "file", uri: "data:image/gif;base64,AQ==", mime: "image/gif" },
);
const contentArb = fc.array(
  fc.oneof(
    textArb.map((text): ToolContent => ({ type: "text", text })),
    fileArb,
  ),
  { maxLength: 3 },
);
const structuredArb = fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 5 }), textArb, { maxKeys: 4 }));
const outputArb = fc.record({ structured: structuredArb, content: contentArb });
const limitsArb = fc.record({ maxLines: fc.integer({ min: 0, max: 40 }), maxBytes: fc.integer({ min: 0, max: 400 }) });

/** The spec's full text, written independently of the implementation. */
function specFull(output: ToolOutput): string {
  if (output.content.length === 0) return JSON.stringify(output.structured, null, 2) ?? String(output.structured);
  return output.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** The spec's S: the text, or its first ceil(L/2) lines ⏎ last floor(L/2) lines. */
function specJoin(text: string, maxLines: number): string {
  const lines = text.split("\n");
  if (lines.length <= maxLines) return text;
  const headN = Math.ceil(maxLines / 2);
  const tailN = Math.floor(maxLines / 2);
  return tailN === 0 ? lines.slice(0, headN).join("\n") : [...lines.slice(0, headN), ...lines.slice(lines.length - tailN)].join("\n");
}

describe("boundToolOutput properties (§3.2)", () => {
  it("leaves an output within the limits unchanged and saves nothing", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        const full = specFull(output);
        fc.pre(lineCount(full) <= limits.maxLines && bytes(full) <= limits.maxBytes);
        const store = memoryStore();
        const outcome = boundToolOutput(output, limits, store);
        expect(outcome.output).toBe(output);
        expect(store.saved).toEqual([]);
      }),
      RUNS,
    );
  });

  it("keeps the preview within maxLines lines (maxLines ≥ 1) and maxBytes bytes", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        fc.pre(limits.maxLines >= 1);
        const outcome = boundToolOutput(output, limits, memoryStore());
        if (outcome.outputPaths.length === 0) return;
        const first = outcome.output.content[0];
        if (first.type !== "text") throw new Error("the preview part comes first");
        expect(lineCount(first.text)).toBeLessThanOrEqual(limits.maxLines);
        expect(bytes(first.text)).toBeLessThanOrEqual(limits.maxBytes);
      }),
      RUNS,
    );
  });

  it("never splits a code point: the preview has no lone surrogate and survives a UTF-8 round trip", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        const outcome = boundToolOutput(output, limits, memoryStore());
        for (const part of outcome.output.content) {
          if (part.type !== "text") continue;
          expect(/\p{Cs}/u.test(part.text)).toBe(false);
          expect(Buffer.from(part.text, "utf8").toString("utf8")).toBe(part.text);
        }
      }),
      RUNS,
    );
  });

  it("saves exactly the full text, once, when it truncates", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        const store = memoryStore();
        const outcome = boundToolOutput(output, limits, store);
        if (outcome.outputPaths.length === 0) return;
        expect(store.saved).toEqual([specFull(output)]);
        expect(outcome.outputPaths).toEqual(["/tmp/out/tool_1"]);
      }),
      RUNS,
    );
  });

  it("keeps structured and the file parts (in order, after the preview) when it truncates", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        const outcome = boundToolOutput(output, limits, memoryStore());
        if (outcome.outputPaths.length === 0) return;
        expect(outcome.output.structured).toBe(output.structured);
        expect(outcome.output.content.slice(1)).toEqual(output.content.filter((part) => part.type === "file"));
      }),
      RUNS,
    );
  });

  it("changes nothing when bounding an already bounded output (maxLines ≥ 1)", () => {
    fc.assert(
      fc.property(outputArb, limitsArb, (output, limits) => {
        fc.pre(limits.maxLines >= 1);
        const once = boundToolOutput(output, limits, memoryStore()).output;
        const store = memoryStore();
        const twice = boundToolOutput(once, limits, store);
        expect(twice.output).toBe(once);
        expect(store.saved).toEqual([]);
      }),
      RUNS,
    );
  });

  it("with maxLines = 0 re-bounding saves another file: lineCount is never below 1, so every output is over the line limit", () => {
    // The one exception to idempotence: the spec's preview for maxLines 0 is "" (the marker's first
    // 0 lines), and lineCount("") = 1 > 0, so bound truncates again (same output, one more saved file).
    fc.assert(
      fc.property(outputArb, fc.integer({ min: 0, max: 400 }), (output, maxBytes) => {
        const limits = { maxLines: 0, maxBytes };
        const once = boundToolOutput(output, limits, memoryStore()).output;
        const store = memoryStore();
        const twice = boundToolOutput(once, limits, store);
        expect(twice.output).toEqual(once);
        expect(store.saved).toEqual([""]);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("split properties (§3.2 step 6)", () => {
  const splitArgs = fc.record({ text: textArb, maxLines: fc.integer({ min: 1, max: 30 }), maxBytes: fc.integer({ min: 0, max: 300 }) });

  it("the head is a prefix and the tail a suffix of the line-limited join S", () => {
    fc.assert(
      fc.property(splitArgs, ({ text, maxLines, maxBytes }) => {
        const joined = specJoin(text, maxLines);
        const { head, tail } = split(text, maxLines, maxBytes);
        expect(joined.startsWith(head)).toBe(true);
        expect(joined.endsWith(tail)).toBe(true);
      }),
      RUNS,
    );
  });

  it("equals the spec's array-based algorithm", () => {
    fc.assert(
      fc.property(splitArgs, ({ text, maxLines, maxBytes }) => {
        const lines = text.split("\n");
        const headN = Math.ceil(maxLines / 2);
        const tailN = Math.floor(maxLines / 2);
        const joined = specJoin(text, maxLines);
        let expected: { head: string; tail: string };
        if (bytes(joined) <= maxBytes) {
          expected = lines.length <= maxLines ? { head: joined, tail: "" } : { head: lines.slice(0, headN).join("\n"), tail: tailN === 0 ? "" : lines.slice(lines.length - tailN).join("\n") };
        } else {
          const points = [...joined];
          let head = "";
          for (const point of points) {
            if (bytes(head + point) > Math.ceil(maxBytes / 2)) break;
            head += point;
          }
          let tail = "";
          for (const point of points.reverse()) {
            if (bytes(point + tail) > Math.floor(maxBytes / 2)) break;
            tail = point + tail;
          }
          expected = { head, tail };
        }
        expect(split(text, maxLines, maxBytes)).toEqual(expected);
      }),
      RUNS,
    );
  });
});
