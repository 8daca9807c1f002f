import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { type LineEvent, LineSplitter } from "../text/line-splitter.js";
import { firstInvalidUtf8 } from "./first-invalid-utf8.js";
import { InputError } from "./input-error.js";
import { MAX_RECORD_BYTES } from "./input-limits.js";
import { fifoStream } from "./read-fifo.js";

/** One document of an input: its text, the line it starts on, and how to parse it. */
export interface InputRecord {
  text: string;
  line: number;
  format: "json" | "yaml";
}

export type InputFormat = "json" | "jsonl" | "yaml" | "auto";

/** The input format a path's extension says (`auto` for stdin and unknown extensions). */
export function formatOfPath(path: string): InputFormat {
  if (/\.(jsonl|ndjson)$/i.test(path)) return "jsonl";
  if (/\.ya?ml$/i.test(path)) return "yaml";
  if (/\.json$/i.test(path)) return "json";
  return "auto";
}

const CHUNK = 1 << 20;

/**
 * Reads a file (or stdin for `-`) as records: one for JSON and YAML, one per non-blank line for
 * JSONL. Streams JSONL, so memory stays bounded by the longest line. Throws InputError for a
 * missing file, a directory, invalid UTF-8, empty input or a record over MAX_RECORD_BYTES.
 */
export async function* readRecords(path: string, format: InputFormat = formatOfPath(path)): AsyncGenerator<InputRecord[]> {
  const name = path === "-" ? "<stdin>" : path;
  let isFifo = false;
  // stdin redirected from a directory (`< folder`) reads as nothing at all: said as for a path
  if (path === "-" && fstatIsDirectory(0)) throw new InputError("is a directory, not a file", name);
  if (path !== "-") {
    let size: number;
    try {
      const stats = statSync(path);
      if (stats.isDirectory()) throw new InputError("is a directory, not a file", name);
      size = stats.size;
      isFifo = stats.isFIFO();
    } catch (error) {
      if (InputError.isInstance(error)) throw error;
      throw unreadable(error, name);
    }
    if (format !== "jsonl" && format !== "auto" && size > MAX_RECORD_BYTES) {
      throw new InputError(`file is ${size} bytes, over the ${MAX_RECORD_BYTES} byte limit for one document`, name);
    }
  }
  // A FIFO is streamed without a blocking open (read-fifo.ts), so Ctrl-C ends a wait for its writer.
  const stream = path === "-" ? process.stdin : isFifo ? await fifoStream(path) : fileChunks(path, name);
  if (format === "jsonl") {
    try {
      yield* jsonLines(stream as AsyncIterable<Buffer>, name);
    } finally {
      if (path !== "-") (stream as { destroy(): void }).destroy();
    }
    return;
  }
  // Bytes are split into lines by the shared LineSplitter (linear however long a line is) while
  // the input may be JSONL; a whole document is kept as its chunks and joined once at the end.
  const lines = format === "auto" ? new LineSplitter(MAX_RECORD_BYTES) : null;
  let mode: InputFormat | "whole" = format;
  let whole: Uint8Array[] | null = [];
  let wholeBytes = 0;
  let line = 1; // the line number of the next line the splitter completes
  let sawRecord = false;

  /** The JSONL records among these lines; blank lines only count. */
  const records = (events: LineEvent[]): InputRecord[] => {
    const batch: InputRecord[] = [];
    for (const event of events) {
      if (event.kind === "too-long") throw new InputError(`line is longer than the ${MAX_RECORD_BYTES} byte limit for one record`, name, line, 1);
      if (!isBlank(event.bytes)) batch.push({ text: decodeUtf8(event.bytes, name, event.offset, line), line, format: "json" });
      line++;
    }
    return batch;
  };

  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      const chunk: Uint8Array = raw instanceof Uint8Array ? raw : Buffer.from(raw as string);
      if (whole) {
        whole.push(chunk);
        wholeBytes += chunk.length;
      }
      if (mode === "auto") {
        const events = lines!.push(chunk);
        if (events.length === 0) continue;
        const first = events[0];
        mode = first.kind === "line" && looksLikeJsonLines(first.bytes) ? "jsonl" : "whole";
        if (mode === "jsonl") {
          whole = null;
          const batch = records(events);
          if (batch.length > 0) {
            sawRecord = true;
            yield batch;
          }
        }
      } else if (mode === "jsonl") {
        const batch = records(lines!.push(chunk));
        if (batch.length > 0) {
          sawRecord = true;
          yield batch;
        }
      }
      if (whole && wholeBytes > MAX_RECORD_BYTES) throw new InputError(`input is over the ${MAX_RECORD_BYTES} byte limit for one document`, name);
    }
  } finally {
    if (path !== "-") (stream as { destroy(): void }).destroy();
  }
  if (mode === "jsonl") {
    const last = lines!.end();
    if (last && !isBlank(last)) {
      sawRecord = true;
      yield [{ text: decodeUtf8(last, name, lines!.currentLineOffset, line), line, format: "json" }];
    }
    if (!sawRecord) throw new InputError("empty input: no records", name);
    return;
  }
  const text = decodeUtf8(whole!.length === 1 ? whole![0] : Buffer.concat(whole!), name, 0, 1);
  whole = null;
  if (text.trim() === "") throw new InputError("empty input", name);
  if (mode === "auto" || mode === "whole") mode = /^\s*[[{]/.test(text) ? "json" : "yaml";
  yield [{ text, line: 1, format: mode === "yaml" ? "yaml" : "json" }];
}

/** The input error for a failed stat, open or read of `name`. */
function unreadable(error: unknown, name: string): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  return new InputError(code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : `cannot read (${code ?? String(error)})`, name);
}

/**
 * A regular file's bytes in chunks of at most CHUNK, read synchronously (no stream machinery to
 * load or run: cold start and throughput, bench/validate), each chunk a buffer of its own (they
 * are kept across chunks). The event loop gets a turn between chunks, so a signal's handler runs
 * while a large file is read. Closing the generator (`destroy`, or an early return) closes the file.
 */
function fileChunks(path: string, name: string): AsyncIterable<Buffer> & { destroy(): void } {
  let fd: number | null = null;
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      fd = openSync(path, "r");
    } catch (error) {
      throw unreadable(error, name);
    }
    try {
      for (let first = true; ; first = false) {
        if (!first) await new Promise<void>((resolve) => setImmediate(resolve));
        const chunk = Buffer.allocUnsafe(CHUNK);
        let read: number;
        try {
          read = readSync(fd!, chunk, 0, CHUNK, null);
        } catch (error) {
          throw unreadable(error, name);
        }
        if (read === 0) return;
        yield read === CHUNK ? chunk : chunk.subarray(0, read);
      }
    } finally {
      close();
    }
  }
  return Object.assign(chunks(), { destroy: close });
}

/**
 * JSONL known to be JSONL (a .jsonl/.ndjson file): each chunk's complete lines are checked and
 * decoded as one piece (one native UTF-8 check and decode per chunk, not per line) and split in
 * the string, as a bare `JSON.parse` loop over the file would; only the unterminated last line is
 * carried to the next chunk. A piece that is not UTF-8 is split into lines as bytes, so the error
 * names its line, column and byte offset. Memory stays bounded by a chunk plus the longest line.
 */
async function* jsonLines(stream: AsyncIterable<Buffer>, name: string): AsyncGenerator<InputRecord[]> {
  let carry: Uint8Array[] = [];
  let carryBytes = 0;
  let offset = 0; // stream offset of the carried line's first byte
  let line = 1;
  let sawRecord = false;
  const tooLong = () => new InputError(`line is longer than the ${MAX_RECORD_BYTES} byte limit for one record`, name, line, 1);
  /** The records of `bytes`, complete lines only (each ends with \n, the last included). */
  const piece = (bytes: Uint8Array): InputRecord[] => {
    const batch: InputRecord[] = [];
    if (isUtf8(bytes)) {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
      for (let start = 0, end = text.indexOf("\n"); end !== -1; start = end + 1, end = text.indexOf("\n", start)) {
        const record = text.slice(start, end);
        if (!isBlankText(record)) batch.push({ text: record, line, format: "json" });
        line++;
      }
      return batch;
    }
    let at = 0;
    for (let end = bytes.indexOf(10); end !== -1; at = end + 1, end = bytes.indexOf(10, at)) {
      const lineBytes = bytes.subarray(at, end);
      if (!isBlank(lineBytes)) batch.push({ text: decodeUtf8(lineBytes, name, offset + at, line), line, format: "json" });
      line++;
    }
    return batch;
  };
  for await (const raw of stream) {
    const chunk: Uint8Array = raw instanceof Uint8Array ? raw : Buffer.from(raw as string);
    const last = chunk.lastIndexOf(10);
    if (last === -1) {
      carry.push(chunk);
      carryBytes += chunk.length;
      if (carryBytes > MAX_RECORD_BYTES) throw tooLong();
      continue;
    }
    const firstEnd = chunk.indexOf(10);
    if (carryBytes + firstEnd > MAX_RECORD_BYTES) throw tooLong();
    const complete = carry.length === 0 ? chunk.subarray(0, last + 1) : Buffer.concat([...carry, chunk.subarray(0, last + 1)]);
    const batch = piece(complete);
    offset += complete.length;
    carry = last + 1 < chunk.length ? [chunk.subarray(last + 1)] : [];
    carryBytes = chunk.length - last - 1;
    if (carryBytes > MAX_RECORD_BYTES) throw tooLong();
    if (batch.length > 0) {
      sawRecord = true;
      yield batch;
    }
  }
  if (carryBytes > 0) {
    const rest = carry.length === 1 ? carry[0]! : Buffer.concat(carry);
    if (!isBlank(rest)) {
      sawRecord = true;
      yield [{ text: decodeUtf8(rest, name, offset, line), line, format: "json" }];
    }
  }
  if (!sawRecord) throw new InputError("empty input: no records", name);
}

/** True when a line is only spaces, tabs and CRs (a blank JSONL line). */
function isBlankText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/**
 * Strict UTF-8 decoding (node's native check, then a plain decode). Invalid bytes are an
 * InputError at their line:col and byte offset in the input (`offset` and `line` say where
 * `bytes` starts).
 */
function decodeUtf8(bytes: Uint8Array, name: string, offset: number, line: number): string {
  if (isUtf8(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
  const at = Math.max(0, firstInvalidUtf8(bytes));
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, at).toString("utf8");
  const lineStart = before.lastIndexOf("\n") + 1;
  let newlines = 0;
  for (let index = before.indexOf("\n"); index !== -1; index = before.indexOf("\n", index + 1)) newlines++;
  throw new InputError(`invalid UTF-8 (byte offset ${offset + at})`, name, line + newlines, before.length - lineStart + 1);
}

/** True when a line is only spaces, tabs and CRs (a blank JSONL line). */
function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 32 && byte !== 9 && byte !== 13) return false;
  return true;
}

/** JSONL when the first line is a whole JSON value (object or array) on its own. */
function looksLikeJsonLines(bytes: Uint8Array): boolean {
  if (!isUtf8(bytes)) return false;
  const first = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8").trim();
  if (!/^[[{]/.test(first)) return false;
  try {
    JSON.parse(first);
  } catch {
    return false;
  }
  return true;
}

/** True when the open file `fd` is a directory (false when it cannot be told). */
function fstatIsDirectory(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}
