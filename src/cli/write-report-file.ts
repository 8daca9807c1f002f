import { closeSync, constants, lstatSync, openSync, realpathSync, type Stats, statSync, writeSync } from "node:fs";
import { nodeGoldenPort, writeThroughTemp } from "../golden/node-golden-port.js";
import { InputError } from "../input/input-error.js";
import { pauseSync } from "../input/pause-sync.js";
import { fileKind } from "./file-kind.js";

/**
 * Writes a report file so a reader never sees half a report, and never replaces what the path
 * is: a regular file or a new path gets temp + rename (atomic); a symlink is followed and its
 * target written the same way (the link stays); a character device or a FIFO (`/dev/null`,
 * `/dev/stdout`, a named pipe with a reader) is written through. A directory, a socket, a
 * block device or a FIFO nobody reads is refused with one line.
 */
export function writeReportFile(path: string, text: string): void {
  try {
    let target = path;
    let stats: Stats | null = lstatOrNull(path);
    if (stats?.isSymbolicLink()) {
      try {
        target = realpathSync(path);
        stats = statSync(target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        writeThrough(path, text, "w"); // a dangling link: create its target through it
        return;
      }
    }
    if (stats === null || stats.isFile()) {
      if (nodeGoldenPort.read(target) !== text) writeThroughTemp(target, text);
      return;
    }
    if (stats.isCharacterDevice()) {
      writeThrough(target, text, constants.O_WRONLY);
      return;
    }
    if (stats.isFIFO()) {
      writeThrough(target, text, constants.O_WRONLY | constants.O_NONBLOCK);
      return;
    }
    throw new InputError(`cannot write report: it is ${fileKind(stats)}`, path);
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENXIO" ? "a FIFO nobody is reading (ENXIO)" : (code ?? String(error));
    throw new InputError(`cannot write report: ${reason}`, path);
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Opens and writes in place (devices, FIFOs, dangling links), retrying a full pipe. */
function writeThrough(path: string, text: string, flags: string | number): void {
  const fd = openSync(path, flags);
  try {
    const bytes = Buffer.from(text, "utf8");
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(fd, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
        pauseSync(5);
      }
    }
  } finally {
    closeSync(fd);
  }
}
