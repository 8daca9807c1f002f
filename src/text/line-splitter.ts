/** What a LineSplitter found in the bytes pushed so far. */
export type LineEvent =
  /** A complete line, without its `\n` (a `\r` before it is kept). `offset` is its first byte's position in the stream. */
  | { kind: "line"; bytes: Uint8Array; offset: number }
  /**
   * The line starting at `offset` grew past `maxLineBytes`: its bytes are dropped, and so is the
   * rest of it up to the next `\n` (which ends it without a `line` event).
   */
  | { kind: "too-long"; offset: number };

/**
 * Splits a byte stream into `\n`-terminated lines in linear time, however the stream is chunked
 * and however long a line is: each pushed byte is scanned for `\n` once (never re-scanned when
 * more of the line arrives) and copied at most once (when a line spans chunks). Memory is bounded
 * by `maxLineBytes` plus one chunk. Shared by every line reader in correx: `validate` on stdin
 * and files, `correx adapter`, `cmd:` subject replies.
 */
export class LineSplitter {
  /** Pieces of the current (unterminated) line, as views of the chunks they came in. */
  private parts: Uint8Array[] = [];
  private partBytes = 0;
  /** Dropping the rest of a too-long line. */
  private skipping = false;
  /** Stream offset of the current line's first byte. */
  private lineStart = 0;
  /** Stream offset of the next byte pushed. */
  private position = 0;
  /** Work done so far, for tests that bound it: bytes scanned for `\n`, and bytes copied. */
  readonly work = { scanned: 0, copied: 0 };

  constructor(readonly maxLineBytes: number) {}

  /** Bytes held for the current unterminated line. */
  get pendingBytes(): number {
    return this.partBytes;
  }

  /** Takes the next chunk and returns the lines (and overlong-line notices) it completes, in order. */
  push(chunk: Uint8Array): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      this.work.scanned += (newline === -1 ? chunk.length : newline + 1) - start;
      if (!this.skipping) {
        if (this.partBytes + (end - start) > this.maxLineBytes) {
          events.push({ kind: "too-long", offset: this.lineStart });
          this.parts = [];
          this.partBytes = 0;
          this.skipping = true;
        } else if (newline === -1) {
          this.parts.push(chunk.subarray(start, end));
          this.partBytes += end - start;
        } else {
          events.push({ kind: "line", bytes: this.take(chunk.subarray(start, end)), offset: this.lineStart });
        }
      }
      if (newline === -1) break;
      this.skipping = false;
      start = newline + 1;
      this.lineStart = this.position + start;
    }
    this.position += chunk.length;
    return events;
  }

  /** The last line when the stream ended without a `\n` (null when there is none or it was too long). */
  end(): Uint8Array | null {
    if (this.skipping || this.partBytes === 0) return null;
    return this.take(new Uint8Array(0));
  }

  /** Stream offset where the current unterminated line starts. */
  get currentLineOffset(): number {
    return this.lineStart;
  }

  /** The held parts plus `last`, as one line (copied only when the line spans chunks). */
  private take(last: Uint8Array): Uint8Array {
    if (this.parts.length === 0) return last;
    const line = new Uint8Array(this.partBytes + last.length);
    let at = 0;
    for (const part of this.parts) {
      line.set(part, at);
      at += part.length;
    }
    line.set(last, at);
    this.work.copied += line.length;
    this.parts = [];
    this.partBytes = 0;
    return line;
  }
}
