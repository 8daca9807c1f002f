import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { firstInvalidUtf8 } from "./first-invalid-utf8.js";
import { InputError } from "./input-error.js";

/**
 * Reads a whole file as UTF-8 text, refusing it once it holds more than `limit` bytes: the size
 * is checked first for a regular file, and the read stops at `limit + 1` bytes for anything else
 * (`/dev/zero`, a FIFO), so memory stays bounded by the limit. Throws InputError naming the file
 * (`what` says what it is, for the message: "scenario", "--config-template"…).
 */
export function readTextFileAtMost(path: string, limit: number, what: string): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new InputError(`cannot read ${what}: ${describeCode(error)}`, path);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new InputError(`cannot read ${what}: it is a directory, not a file`, path);
    if (stats.isFile() && stats.size > limit) throw new InputError(`${what} is ${stats.size} bytes, over the ${limit} byte limit`, path);
    // One buffer the size of a regular file (plus the byte that shows it ended), filled by as many
    // reads as it takes: a fixed 1 MiB buffer per file cost a small corpus file 2 MiB of garbage.
    // Anything else (a FIFO, a file that grows) continues in 1 MiB chunks up to the limit.
    const chunks: Buffer[] = [];
    let buffer = Buffer.allocUnsafe(Math.min(limit + 1, stats.isFile() ? stats.size + 1 : 1 << 16));
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
        throw new InputError(`cannot read ${what}: ${describeCode(error)}`, path);
      }
      if (read === 0) break;
      filled += read;
      total += read;
      if (total > limit) throw new InputError(`${what} is over the ${limit} byte limit`, path);
    }
    chunks.push(buffer.subarray(0, filled));
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
    if (!isUtf8(bytes)) {
      const at = firstInvalidUtf8(bytes);
      const before = bytes.subarray(0, at).toString("utf8");
      const line = before.split("\n").length;
      throw new InputError(`invalid UTF-8 (byte offset ${at})`, path, line, before.length - before.lastIndexOf("\n"));
    }
    return bytes.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

function describeCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES") return "permission denied";
  if (code === "EISDIR") return "it is a directory, not a file";
  return code ?? String(error);
}
