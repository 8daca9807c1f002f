import { countNewlines } from "../../../text/count-newlines.js";
import { takeHeadBytes, takeTailBytes } from "../../../text/utf8-cut.js";
import { utf8Length } from "../../../text/utf8-length.js";
import type { OutputStorePort, OutputStoreWriter } from "../../output-store-port.js";
import type { ToolContent } from "../result/core-tool-content.js";
import type { BoundOutcome } from "./core-output-bound.js";
import { boundToolOutput } from "./core-output-bound.js";
import type { OutputLimits } from "./core-output-limits.js";
import { firstLines, truncationMarker } from "./core-output-preview.js";

/** Options of `boundToolOutputStream`. */
export interface BoundStreamOptions {
  limits: OutputLimits;
  /** The output's structured value. Default `{}`. */
  structured?: unknown;
  /** Text parts that follow the streamed one, known once the stream ends (e.g. bash's footer). */
  after?: () => string[];
}

/**
 * ToolOutputStore.bound over a command's output as it arrives: the result equals
 * `boundToolOutput({structured, content: [streamed text, ...after]})` for the decoded text, for
 * any chunking. Consecutive byte chunks are one UTF-8 stream (a character may be split across
 * chunks); a string chunk ends that stream, and a surrogate pair may be split across string chunks.
 * Memory stays bounded by the limits: the first and last ~maxBytes bytes, and for each of the
 * last floor((maxLines−4)/2) lines its first ~maxBytes/2 bytes. The full text goes to the store
 * through `store.open()` as it comes (a store without `open` gets one `write` at the end, and the
 * text is then held in memory).
 * @see spec §3.2
 */
export async function boundToolOutputStream(chunks: AsyncIterable<Uint8Array | string>, options: BoundStreamOptions, store: OutputStorePort): Promise<BoundOutcome> {
  const bounder = new StreamBounder(options, store);
  try {
    for await (const chunk of chunks) bounder.push(chunk);
    return bounder.finish();
  } catch (error) {
    bounder.abort();
    throw error;
  }
}

/** Text pieces whose byte count is tracked. */
interface Pieces {
  parts: string[];
  bytes: number;
}

/** Text pieces with each piece's byte count, so the front can be dropped cheaply. */
interface CountedPieces extends Pieces {
  partBytes: number[];
}

class StreamBounder {
  private readonly limits: OutputLimits;
  private readonly structured: unknown;
  private readonly after: () => string[];
  private readonly store: OutputStorePort;
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private heldSurrogate = "";

  // Before the limits are exceeded: everything, as pieces.
  private whole: Pieces = { parts: [], bytes: 0 };
  private wholeNewlines = 0;
  private writer: OutputStoreWriter | undefined;
  private window: WindowState | undefined;

  constructor(options: BoundStreamOptions, store: OutputStorePort) {
    this.limits = options.limits;
    this.structured = options.structured ?? {};
    this.after = options.after ?? (() => []);
    this.store = store;
  }

  push(chunk: Uint8Array | string): void {
    if (typeof chunk === "string") {
      this.flushDecoder();
      let text = this.heldSurrogate + chunk;
      this.heldSurrogate = "";
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        this.heldSurrogate = text.slice(-1);
        text = text.slice(0, -1);
      }
      this.feed(text);
      return;
    }
    this.flushSurrogate();
    this.decoder ??= new TextDecoder("utf-8");
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  finish(): BoundOutcome {
    this.flushDecoder();
    this.flushSurrogate();
    if (this.window === undefined || this.writer === undefined) {
      const streamed = this.whole.parts.join("");
      const content: ToolContent[] = [{ type: "text", text: streamed }, ...this.after().map((text): ToolContent => ({ type: "text", text }))];
      return boundToolOutput({ structured: this.structured, content }, this.limits, this.store);
    }
    for (const text of this.after()) this.feed(text);
    const path = this.writer.close();
    this.writer = undefined;
    const preview = this.window.preview(truncationMarker(path));
    return { output: { structured: this.structured, content: [{ type: "text", text: preview }] }, outputPaths: [path] };
  }

  abort(): void {
    this.writer?.abort();
    this.writer = undefined;
  }

  private flushDecoder(): void {
    if (this.decoder === undefined) return;
    const rest = this.decoder.decode();
    this.decoder = undefined;
    if (rest !== "") this.feed(rest);
  }

  private flushSurrogate(): void {
    if (this.heldSurrogate === "") return;
    const held = this.heldSurrogate;
    this.heldSurrogate = "";
    this.feed(held);
  }

  /** One piece of decoded text; never ends inside a surrogate pair. */
  private feed(text: string): void {
    if (text === "") return;
    if (this.window !== undefined) {
      this.window.feed(text);
      this.writer?.append(text);
      return;
    }
    this.whole.parts.push(text);
    this.whole.bytes += utf8Length(text);
    if (this.wholeNewlines < this.limits.maxLines) this.wholeNewlines += Math.min(countNewlines(text, this.limits.maxLines - this.wholeNewlines), this.limits.maxLines - this.wholeNewlines);
    if (this.wholeNewlines + 1 <= this.limits.maxLines && this.whole.bytes <= this.limits.maxBytes) return;
    if (this.store.open === undefined) return; // no streaming writer: keep everything for one write at the end
    this.writer = this.store.open();
    this.window = new WindowState(this.limits);
    for (const part of this.whole.parts) {
      this.window.feed(part);
      this.writer.append(part);
    }
    this.whole = { parts: [], bytes: 0 };
  }
}

/**
 * What the preview needs of a text known to be over the limits, kept while it streams.
 * Byte caps use maxBytes as an upper bound for the budget B, which depends on the marker.
 */
class WindowState {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly headCount: number;
  private readonly tailCount: number;
  /** Bytes kept of each tail line's own text: enough for the head window of S. */
  private readonly lineCap: number;

  private totalBytes = 0;
  /** Index (0-based) of the line being read. */
  private lineIndex = 0;
  /** The first ≥ maxBytes bytes of the text. */
  private readonly prefix: Pieces = { parts: [], bytes: 0 };
  /** The last ≥ maxBytes + 3 bytes of the text. */
  private recent: CountedPieces = { parts: [], partBytes: [], bytes: 0 };
  /** Byte length of the first headCount lines (H), once known. */
  private headBytes = -1;
  /** The last ≥ maxBytes bytes of H, taken when H ends. */
  private headSuffix = "";

  // The last tailCount lines, as a ring indexed by lineIndex % tailCount.
  private readonly lineStart: Float64Array;
  private readonly lineText: string[];
  private readonly lineTextBytes: Float64Array;
  private readonly lineCapped: Uint8Array;

  constructor(limits: OutputLimits) {
    this.maxLines = limits.maxLines;
    this.maxBytes = limits.maxBytes;
    const budgetLines = Math.max(0, limits.maxLines - 4);
    this.headCount = Math.ceil(budgetLines / 2);
    this.tailCount = Math.floor(budgetLines / 2);
    this.lineCap = Math.ceil(limits.maxBytes / 2) + 4;
    this.lineStart = new Float64Array(this.tailCount);
    this.lineText = new Array<string>(this.tailCount).fill("");
    this.lineTextBytes = new Float64Array(this.tailCount);
    this.lineCapped = new Uint8Array(this.tailCount);
  }

  feed(text: string): void {
    const textBytes = utf8Length(text);
    const ascii = textBytes === text.length;
    this.keepPrefix(text);
    let from = 0;
    let newline = text.indexOf("\n");
    while (newline !== -1) {
      this.lineContent(text, from, newline, ascii);
      this.endLine(text, newline);
      from = newline + 1;
      newline = text.indexOf("\n", from);
    }
    this.lineContent(text, from, text.length, ascii);
    this.keepRecent(text, textBytes);
  }

  /** Text of the current line, from `from` to `to` in `text` (no newline inside). */
  private lineContent(text: string, from: number, to: number, ascii: boolean): void {
    if (from === to) return;
    const bytes = ascii ? to - from : utf8Length(text.slice(from, to));
    this.totalBytes += bytes;
    if (this.tailCount === 0) return;
    const slot = this.lineIndex % this.tailCount;
    if (this.lineCapped[slot] === 1) return;
    const room = this.lineCap - this.lineTextBytes[slot];
    if (bytes <= room) {
      this.lineText[slot] += text.slice(from, to);
      this.lineTextBytes[slot] += bytes;
      return;
    }
    const part = takeHeadBytes(text.slice(from, to), room);
    this.lineText[slot] = detach(this.lineText[slot] + part);
    this.lineTextBytes[slot] += utf8Length(part);
    this.lineCapped[slot] = 1;
  }

  /** The "\n" at `at` in `text` ends the current line. */
  private endLine(text: string, at: number): void {
    if (this.lineIndex + 1 === this.headCount) {
      this.headBytes = this.totalBytes;
      this.headSuffix = detach(takeTailBytes(this.recent.parts.join("") + text.slice(0, at), this.maxBytes + 3));
    }
    if (this.tailCount > 0) {
      const slot = this.lineIndex % this.tailCount;
      if (this.lineText[slot].length > 64) this.lineText[slot] = detach(this.lineText[slot]);
    }
    this.totalBytes += 1;
    this.lineIndex++;
    if (this.tailCount > 0) {
      const slot = this.lineIndex % this.tailCount;
      this.lineStart[slot] = this.totalBytes;
      this.lineText[slot] = "";
      this.lineTextBytes[slot] = 0;
      this.lineCapped[slot] = 0;
    }
  }

  private keepPrefix(text: string): void {
    if (this.prefix.bytes >= this.maxBytes) return;
    const part = detach(takeHeadBytes(text, this.maxBytes - this.prefix.bytes + 3));
    this.prefix.parts.push(part);
    this.prefix.bytes += utf8Length(part);
  }

  private keepRecent(text: string, textBytes: number): void {
    const keep = this.maxBytes + 3;
    if (textBytes >= keep) {
      const tail = detach(takeTailBytes(text, keep));
      const tailBytes = utf8Length(tail);
      this.recent = { parts: [tail], partBytes: [tailBytes], bytes: tailBytes };
      return;
    }
    const recent = this.recent;
    recent.parts.push(text);
    recent.partBytes.push(textBytes);
    recent.bytes += textBytes;
    let drop = 0;
    while (drop < recent.parts.length - 1 && recent.bytes - recent.partBytes[drop] >= keep) recent.bytes -= recent.partBytes[drop++];
    if (drop > 0) {
      recent.parts.splice(0, drop);
      recent.partBytes.splice(0, drop);
    }
    if (recent.parts.length > 64) this.recent = { parts: [recent.parts.join("")], partBytes: [recent.bytes], bytes: recent.bytes };
  }

  /**
   * The same preview `preview(full, marker, maxLines, maxBytes)` computes, from the kept parts.
   * @see spec §3.2 steps 5–6
   */
  preview(marker: string): string {
    const markerBytes = utf8Length(marker);
    if (this.maxLines <= 4 || this.maxBytes <= markerBytes + 4) return firstLines(takeHeadBytes(marker, this.maxBytes), this.maxLines);
    const { head, tail } = this.split(this.maxBytes - markerBytes - 4);
    return tail === "" ? `${head}\n\n${marker}` : `${head}\n\n${marker}\n\n${tail}`;
  }

  private split(budget: number): { head: string; tail: string } {
    const lineCount = this.lineIndex + 1;
    const budgetLines = this.maxLines - 4;
    const headBudget = Math.ceil(budget / 2);
    const tailBudget = Math.floor(budget / 2);
    const prefixText = this.prefix.parts.join("");
    const recentText = this.recent.parts.join("");
    if (lineCount <= budgetLines) {
      // S is the whole text, which is over maxBytes ≥ B here (it is within the line limit).
      return { head: takeHeadBytes(prefixText, headBudget), tail: takeTailBytes(recentText, tailBudget) };
    }
    const headKnown = Math.min(this.headBytes, this.prefix.bytes);
    const headText = takeHeadBytes(prefixText, headKnown);
    const tailStart = this.tailCount === 0 ? this.totalBytes : this.lineStart[(lineCount - this.tailCount) % this.tailCount];
    const tailBytes = this.totalBytes - tailStart;
    const joinedBytes = this.tailCount === 0 ? this.headBytes : this.headBytes + 1 + tailBytes;
    if (joinedBytes <= budget) {
      return { head: headText, tail: this.tailCount === 0 ? "" : takeTailBytes(recentText, tailBytes) };
    }
    const headSide = this.headBytes >= headBudget || this.tailCount === 0 ? headText : `${headText}\n${this.tailPrefix(lineCount, headBudget - this.headBytes - 1)}`;
    const headSuffix = this.headBytes <= this.prefix.bytes ? headText : this.headSuffix;
    let tailSide: string;
    if (this.tailCount === 0) tailSide = headSuffix;
    else if (tailBytes >= tailBudget) tailSide = recentText;
    else tailSide = `${headSuffix}\n${takeTailBytes(recentText, tailBytes)}`;
    return { head: takeHeadBytes(headSide, headBudget), tail: takeTailBytes(tailSide, tailBudget) };
  }

  /** At least `need` bytes from the start of the last tailCount lines (or all of them). */
  private tailPrefix(lineCount: number, need: number): string {
    let text = "";
    let bytes = 0;
    for (let line = lineCount - this.tailCount; line < lineCount; line++) {
      const slot = line % this.tailCount;
      if (line > lineCount - this.tailCount) {
        text += "\n";
        bytes += 1;
      }
      text += this.lineText[slot];
      bytes += this.lineTextBytes[slot];
      if (bytes >= need || this.lineCapped[slot] === 1) break;
    }
    return text;
  }
}

/**
 * A copy of `text` that does not keep the (possibly much larger) string it was sliced from
 * alive: V8 flattens the concatenation into a new string before slicing.
 */
function detach(text: string): string {
  return text.length < 13 ? text : (text + " ").slice(0, -1);
}
