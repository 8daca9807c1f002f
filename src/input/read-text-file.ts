import { isUtf8 } from "node:buffer";
import { closeSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { firstInvalidUtf8 } from "./first-invalid-utf8.js";
import { InputError } from "./input-error.js";
import { pauseSync } from "./pause-sync.js";
import { readFifoAtMost } from "./read-fifo.js";

/**
 * Reads a whole file as UTF-8 text, refusing it once it holds more than `limit` bytes: the size
 * is checked first for a regular file, and the read stops at `limit + 1` bytes for anything else
 * (`/dev/zero`, a FIFO), so memory stays bounded by the limit. A FIFO is opened without blocking
 * and refused when it sends nothing for a while (read-fifo.ts); `-` is stdin. Throws InputError naming the file
 * (`what` says what it is, for the message: "scenario", "--config-template"…).
 */
export function readTextFileAtMost(path: string, limit: number, what: string): string {
  return readTextFile(path, limit, what, false)!;
}

/** readTextFileAtMost, but null when nothing is at `path` (a golden not written yet): one stat, no thrown error. */
export function readTextFileIfPresent(path: string, limit: number, what: string): string | null {
  return readTextFile(path, limit, what, true);
}

function readTextFile(path: string, limit: number, what: string, missingIsNull: boolean): string | null {
  if (path === "-") return decodeText(readFdAtMost(0, "<stdin>", limit, what), "<stdin>");
  let stats: Stats | undefined;
  try {
    stats = statSync(path, { throwIfNoEntry: !missingIsNull });
  } catch (error) {
    throw new InputError(`cannot read ${what}: ${describeCode(error)}`, path);
  }
  if (stats === undefined) return null;
  if (stats.isFIFO()) return decodeText(readFifoAtMost(path, limit, what), path);
  if (stats.isDirectory()) throw new InputError(`cannot read ${what}: it is a directory, not a file`, path);
  if (stats.isFile() && stats.size > limit) throw new InputError(`${what} is ${stats.size} bytes, over the ${limit} byte limit`, path);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new InputError(`cannot read ${what}: ${describeCode(error)}`, path);
  }
  try {
    // the stat above (path, links followed) stands for the open file: four system calls a file, as readFileSync makes
    return decodeText(readFdAtMost(fd, path, limit, what, stats.isFile() ? stats.size : undefined), path);
  } finally {
    closeSync(fd);
  }
}

/**
 * An open file's bytes to its end, refused past `limit` (a descriptor left non-blocking, as stdin
 * may be, is waited on). A regular file's size gives one buffer of its own size (plus the byte that
 * shows it ended): a fixed 1 MiB buffer per file cost a small corpus file 2 MiB of garbage. Anything
 * else (a FIFO, a file that grows) continues in chunks of up to 1 MiB.
 */
function readFdAtMost(fd: number, path: string, limit: number, what: string, size?: number): Buffer {
  const chunks: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(Math.min(limit + 1, size === undefined ? 1 << 16 : size + 1));
  let filled = 0;
  let total = 0;
  for (;;) {
    if (filled === buffer.length) {
      chunks.push(buffer);
      buffer = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
      filled = 0;
    }
    let read: number;
    try {
      read = readSync(fd, buffer, filled, buffer.length - filled, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
        pauseSync(20);
        continue;
      }
      throw new InputError(`cannot read ${what}: ${describeCode(error)}`, path);
    }
    if (read === 0) break;
    filled += read;
    total += read;
    if (total > limit) throw new InputError(`${what} is over the ${limit} byte limit`, path);
    // a regular file is read to the size it had (as readFileSync does): no read more to see its end
    if (size !== undefined && total === size) break;
  }
  chunks.push(buffer.subarray(0, filled));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/** The bytes as UTF-8 text; invalid UTF-8 is an InputError at its line, column and byte offset. */
function decodeText(bytes: Buffer, path: string): string {
  if (!isUtf8(bytes)) {
    const at = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, at).toString("utf8");
    const line = before.split("\n").length;
    throw new InputError(`invalid UTF-8 (byte offset ${at})`, path, line, before.length - before.lastIndexOf("\n"));
  }
  return bytes.toString("utf8");
}

function describeCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES") return "permission denied";
  if (code === "EISDIR") return "it is a directory, not a file";
  return code ?? String(error);
}
