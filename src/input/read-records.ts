import { isUtf8 } from "node:buffer";
import { createReadStream, statSync } from "node:fs";
import { InputError } from "./input-error.js";
import { MAX_RECORD_BYTES } from "./input-limits.js";
import { firstInvalidUtf8 } from "./first-invalid-utf8.js";

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
  if (path !== "-") {
    let size: number;
    try {
      const stats = statSync(path);
      if (stats.isDirectory()) throw new InputError("is a directory, not a file", name);
      size = stats.size;
    } catch (error) {
      if (InputError.isInstance(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError(code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : `cannot read (${code ?? String(error)})`, name);
    }
    if (format !== "jsonl" && format !== "auto" && size > MAX_RECORD_BYTES) {
      throw new InputError(`file is ${size} bytes, over the ${MAX_RECORD_BYTES} byte limit for one document`, name);
    }
  }
  const stream = path === "-" ? process.stdin : createReadStream(path, { highWaterMark: CHUNK });
  let carry: Uint8Array = new Uint8Array(0); // an incomplete UTF-8 sequence at the end of the last chunk
  let pending = "";
  let line = 1; // line number of the first character of `pending`
  let bytesBefore = 0;
  let mode: InputFormat | "whole" = format;
  let sawRecord = false;

  // Strict UTF-8: node's native isUtf8 check, then a plain decode; a sequence cut at the chunk's
  // end waits for the next chunk (faster than a fatal streaming TextDecoder on big JSONL).
  const decode = (chunk: Uint8Array, final: boolean): string => {
    const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    const cut = final ? bytes.length : completeUtf8Length(bytes);
    const complete = bytes.subarray(0, cut);
    carry = bytes.subarray(cut);
    if (!isUtf8(complete) || (final && carry.length > 0)) {
      const at = Math.max(0, firstInvalidUtf8(bytes));
      const before = pending + Buffer.from(bytes.subarray(0, at)).toString("utf8");
      const lines = before.split("\n");
      throw new InputError(`invalid UTF-8 (byte offset ${bytesBefore - (bytes.length - chunk.length) + at})`, name, line + lines.length - 1, lines[lines.length - 1].length + 1);
    }
    return Buffer.from(complete.buffer, complete.byteOffset, complete.length).toString("utf8");
  };

  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      const chunk = raw instanceof Uint8Array ? raw : Buffer.from(raw as string);
      const text = decode(chunk, false);
      bytesBefore += chunk.length;
      pending += text;
      if (mode === "auto") {
        const newline = pending.indexOf("\n");
        if (newline === -1 && pending.length < MAX_RECORD_BYTES) continue;
        mode = looksLikeJsonLines(pending, newline) ? "jsonl" : "whole";
      }
      if (mode === "jsonl") {
        const batch: InputRecord[] = [];
        let start = 0;
        for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
          if (end > start && !isBlank(pending, start, end)) batch.push({ text: pending.slice(start, end), line, format: "json" });
          line++;
          start = end + 1;
        }
        pending = pending.slice(start);
        if (batch.length > 0) {
          sawRecord = true;
          yield batch;
        }
        if (pending.length > MAX_RECORD_BYTES) throw new InputError(`line is longer than the ${MAX_RECORD_BYTES} byte limit for one record`, name, line, 1);
      } else if (pending.length > MAX_RECORD_BYTES) {
        throw new InputError(`input is over the ${MAX_RECORD_BYTES} byte limit for one document`, name);
      }
    }
    pending += decode(new Uint8Array(0), true);
  } finally {
    if (path !== "-") (stream as ReturnType<typeof createReadStream>).destroy();
  }
  if (mode === "jsonl") {
    if (pending.trim() !== "") {
      sawRecord = true;
      yield [{ text: pending, line, format: "json" }];
    }
    if (!sawRecord) throw new InputError("empty input: no records", name);
    return;
  }
  if (pending.trim() === "") throw new InputError("empty input", name);
  if (mode === "auto" || mode === "whole") mode = /^\s*[[{]/.test(pending) ? "json" : "yaml";
  yield [{ text: pending, line: 1, format: mode === "yaml" ? "yaml" : "json" }];
}

/** True when text[start, end) is only spaces, tabs and CRs (a blank JSONL line). */
function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/** Length of the longest prefix that does not end inside a UTF-8 sequence (at most 3 bytes held back). */
function completeUtf8Length(bytes: Uint8Array): number {
  let start = bytes.length;
  for (let back = 1; back <= 3 && bytes.length - back >= 0; back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) !== 0x80) {
      start = bytes.length - back;
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return needed > back ? start : bytes.length;
    }
  }
  return bytes.length;
}

/** JSONL when the first line is a whole JSON value on its own and more non-blank text follows. */
function looksLikeJsonLines(text: string, newline: number): boolean {
  if (newline === -1) return false;
  const first = text.slice(0, newline).trim();
  if (!/^[[{]/.test(first)) return false;
  try {
    JSON.parse(first);
  } catch {
    return false;
  }
  return true;
}
