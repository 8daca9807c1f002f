import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import { truncateBashTail } from "./truncate-bash-tail.js";
import { truncateOutput } from "./truncate-output.js";

const RUNS = 10_000;
const encoder = new TextEncoder();
const bytesOf = (text: string): number => encoder.encode(text).length;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The in-memory store, with `files` naming what it saved. */
function memoryStore() {
  const store = createMemoryOutputStore((n) => `/out/tool_${n}`);
  return Object.assign(store, { files: store.saved });
}

/** Well-formed text of short lines over 1-, 2-, 3- and 4-byte characters and CR. */
const text = fc.array(fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "漢", "😀", "\r"), maxLength: 24 }), { maxLength: 30 }).map((lines) => lines.join("\n"));
const limits = fc.record({ maxLines: fc.integer({ min: 0, max: 12 }), maxBytes: fc.integer({ min: 0, max: 160 }) });
const direction = fc.constantFrom<"head" | "tail">("head", "tail");

/** §3.1 written literally with split and per-line byte counts: the oracle. */
function literalTruncate(input: string, maxLines: number, maxBytes: number, dir: "head" | "tail") {
  const lines = input.split("\n");
  const total = bytesOf(input);
  if (lines.length <= maxLines && total <= maxBytes) return { truncated: false as const };
  const out: string[] = [];
  let bytes = 0;
  let hitBytes = false;
  if (dir === "head") {
    for (let i = 0; i < lines.length && i < maxLines; i++) {
      const size = bytesOf(lines[i]) + (i > 0 ? 1 : 0);
      if (bytes + size > maxBytes) {
        hitBytes = true;
        break;
      }
      out.push(lines[i]);
      bytes += size;
    }
  } else {
    for (let i = lines.length - 1; i >= 0 && out.length < maxLines; i--) {
      const size = bytesOf(lines[i]) + (out.length > 0 ? 1 : 0);
      if (bytes + size > maxBytes) {
        hitBytes = true;
        break;
      }
      out.unshift(lines[i]);
      bytes += size;
    }
  }
  return {
    truncated: true as const,
    preview: out.join("\n"),
    kept: out.length,
    removed: hitBytes ? total - bytes : lines.length - out.length,
    unit: hitBytes ? "bytes" : "lines",
  };
}

/** Splits a truncated content into preview, removed count and unit. */
function parseTruncated(content: string, dir: "head" | "tail") {
  const notice = /\.\.\.(\d+) (lines|bytes) truncated\.\.\.\n\n/;
  if (dir === "head") {
    const index = content.lastIndexOf("\n\n...");
    const match = notice.exec(content.slice(index + 2));
    return { preview: content.slice(0, index), removed: Number(match?.[1]), unit: match?.[2] };
  }
  const match = notice.exec(content);
  const previewStart = content.indexOf("\n\n", content.indexOf("Full output saved to:")) + 2;
  return { preview: content.slice(previewStart), removed: Number(match?.[1]), unit: match?.[2] };
}

describe("Truncate.output properties (§3.1)", () => {
  it("leaves text within both limits unchanged and saves nothing", () => {
    fc.assert(
      fc.property(text, direction, (input, dir) => {
        const store = memoryStore();
        const result = truncateOutput(input, { maxLines: input.split("\n").length, maxBytes: bytesOf(input), direction: dir }, store);
        expect(result).toEqual({ content: input, truncated: false });
        expect(store.files).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps a preview (the text outside the notice and hint) within maxLines lines and maxBytes bytes", () => {
    fc.assert(
      fc.property(text, limits, direction, (input, { maxLines, maxBytes }, dir) => {
        const result = truncateOutput(input, { maxLines, maxBytes, direction: dir }, memoryStore());
        if (!result.truncated) return;
        const { preview } = parseTruncated(result.content, dir);
        expect(bytesOf(preview)).toBeLessThanOrEqual(maxBytes);
        expect(preview === "" ? 0 : preview.split("\n").length).toBeLessThanOrEqual(Math.max(maxLines, 0));
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps whole lines only, never a split character", () => {
    fc.assert(
      fc.property(text, limits, direction, (input, { maxLines, maxBytes }, dir) => {
        const result = truncateOutput(input, { maxLines, maxBytes, direction: dir }, memoryStore());
        if (!result.truncated) return;
        const { preview } = parseTruncated(result.content, dir);
        const lines = input.split("\n");
        const candidates = lines.map((_, k) => (dir === "head" ? lines.slice(0, k) : lines.slice(lines.length - k)).join("\n"));
        expect(candidates).toContain(preview);
        expect(LONE_SURROGATE.test(preview)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it("reports a removed count that adds up with what was kept, in the unit it names", () => {
    fc.assert(
      fc.property(text, limits, direction, (input, { maxLines, maxBytes }, dir) => {
        const result = truncateOutput(input, { maxLines, maxBytes, direction: dir }, memoryStore());
        if (!result.truncated) return;
        const oracle = literalTruncate(input, maxLines, maxBytes, dir);
        const { preview, removed, unit } = parseTruncated(result.content, dir);
        expect(unit).toBe(oracle.unit);
        if (unit === "bytes") expect(bytesOf(preview) + removed).toBe(bytesOf(input));
        else expect((oracle.kept ?? 0) + removed).toBe(input.split("\n").length);
      }),
      { numRuns: RUNS },
    );
  });

  it("matches the literal split-based algorithm and saves the full text", () => {
    fc.assert(
      fc.property(text, limits, direction, (input, { maxLines, maxBytes }, dir) => {
        const store = memoryStore();
        const result = truncateOutput(input, { maxLines, maxBytes, direction: dir }, store);
        const oracle = literalTruncate(input, maxLines, maxBytes, dir);
        expect(result.truncated).toBe(oracle.truncated);
        if (!oracle.truncated) return;
        const parsed = parseTruncated(result.content, dir);
        expect(parsed).toEqual({ preview: oracle.preview, removed: oracle.removed, unit: oracle.unit });
        expect(store.files).toEqual([input]);
      }),
      { numRuns: RUNS },
    );
  });
});

/** §2.1 step 3 with bytes, as opencode does it: the oracle for the bash tail. */
function literalBashTail(input: string, maxLines: number, maxBytes: number): { text: string; cut: boolean } {
  const lines = input.split("\n");
  if (lines.length <= maxLines && bytesOf(input) <= maxBytes) return { text: input, cut: false };
  const out: string[] = [];
  let bytes = 0;
  for (let i = lines.length - 1; i >= 0 && out.length < maxLines; i--) {
    const size = bytesOf(lines[i]) + (out.length > 0 ? 1 : 0);
    if (bytes + size > maxBytes) break;
    out.unshift(lines[i]);
    bytes += size;
  }
  if (out.length > 0) return { text: out.join("\n"), cut: true };
  const last = encoder.encode(lines[lines.length - 1]);
  let start = Math.max(0, last.length - maxBytes);
  while (start < last.length && (last[start] & 0xc0) === 0x80) start++;
  return { text: new TextDecoder().decode(last.subarray(start)), cut: true };
}

describe("bash tail properties (§2.1 step 3)", () => {
  it("leaves output within both limits unchanged", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(truncateBashTail(input, input.split("\n").length, bytesOf(input))).toEqual({ text: input, cut: false });
      }),
      { numRuns: RUNS },
    );
  });

  it("never exceeds maxBytes bytes, nor maxLines lines (one partial line when no whole line fits)", () => {
    fc.assert(
      fc.property(text, limits, (input, { maxLines, maxBytes }) => {
        const tail = truncateBashTail(input, maxLines, maxBytes);
        if (!tail.cut) return;
        expect(bytesOf(tail.text)).toBeLessThanOrEqual(maxBytes);
        expect(tail.text.split("\n").length).toBeLessThanOrEqual(Math.max(maxLines, 1));
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps whole trailing lines, or a character-aligned suffix of the last line", () => {
    fc.assert(
      fc.property(text, limits, (input, { maxLines, maxBytes }) => {
        const tail = truncateBashTail(input, maxLines, maxBytes);
        if (!tail.cut) return;
        const lastLine = input.slice(input.lastIndexOf("\n") + 1);
        const wholeLines = tail.text === input || input.endsWith(`\n${tail.text}`);
        expect(wholeLines || lastLine.endsWith(tail.text)).toBe(true);
        expect(LONE_SURROGATE.test(tail.text)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it("matches the byte-level algorithm (walk back, else last maxBytes bytes past continuation bytes)", () => {
    fc.assert(
      fc.property(text, limits, (input, { maxLines, maxBytes }) => {
        expect(truncateBashTail(input, maxLines, maxBytes)).toEqual(literalBashTail(input, maxLines, maxBytes));
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * Long lines at the real limits (2000 lines, 51200 bytes): the walks' chunked newline searches
 * and the byte counts' switch from encoding to `Buffer.byteLength` only run on texts this size.
 */
describe("Truncate.output (§3.1) and the bash tail (§2.1 step 3) on long lines at the default limits", () => {
  const longText = fc
    .array(fc.tuple(fc.constantFrom("x", "é", "漢", "😀", "\r", "ab\n"), fc.integer({ min: 0, max: 70_000 })), { minLength: 1, maxLength: 6 })
    .map((runs) => runs.map(([piece, count]) => piece.repeat(count)).join("\n"));

  it("Truncate.output matches the literal algorithm in both directions", () => {
    fc.assert(
      fc.property(longText, direction, (input, dir) => {
        const store = memoryStore();
        const result = truncateOutput(input, { direction: dir }, store);
        const oracle = literalTruncate(input, 2000, 51200, dir);
        expect(result.truncated).toBe(oracle.truncated);
        if (!oracle.truncated) return;
        const parsed = parseTruncated(result.content, dir);
        expect(parsed).toEqual({ preview: oracle.preview, removed: oracle.removed, unit: oracle.unit });
      }),
      { numRuns: 300 },
    );
  });

  it("the bash tail matches the byte-level algorithm", () => {
    fc.assert(
      fc.property(longText, (input) => {
        expect(truncateBashTail(input, 2000, 51200)).toEqual(literalBashTail(input, 2000, 51200));
      }),
      { numRuns: 300 },
    );
  });
});
