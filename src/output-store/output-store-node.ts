import { join } from "node:path";
import type { OutputStorePort, OutputStoreWriter } from "../profiles/output-store-port.js";
import type { OutputStoreFs } from "./output-store-fs.js";
import { nodeOutputStoreFs } from "./output-store-fs.js";
import type { OutputStoreIdSource } from "./output-store-id.js";
import { createOutputStoreIds } from "./output-store-id.js";

/** Options of `createOutputStore`. */
export interface OutputStoreOptions extends OutputStoreIdSource {
  /** File-system calls (tests inject failures). Default: node:fs. */
  fs?: OutputStoreFs;
}

/**
 * The Node edge of OutputStorePort: each save is a new `<dir>/tool_<id>` file created with
 * `wx` (never overwrites) and mode 0600, written completely and closed before its path is
 * returned (every byte handed to the kernel; no fsync: the path is for other readers now, not
 * for surviving a power cut, and a flush per truncated result costs more than the formatting).
 * A failed write or close removes the partial file and throws (ENOSPC surfaces at write). The directory is created
 * (0700) when missing.
 * @see spec §3.2 (directory, `tool_<ascending id>`, flag `wx`)
 */
export function createOutputStore(dir: string, options: OutputStoreOptions = {}): Required<OutputStorePort> {
  const fs = options.fs ?? nodeOutputStoreFs;
  const nextId = createOutputStoreIds(options);

  function open(): OutputStoreWriter {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, nextId());
    const fd = fs.openSync(path, "wx", 0o600);
    let closed = false;
    const abort = (): void => {
      if (!closed) {
        closed = true;
        try {
          fs.closeSync(fd);
        } catch {
          // already unusable; the file is removed below
        }
      }
      try {
        fs.unlinkSync(path);
      } catch {
        // nothing left to remove
      }
    };
    return {
      path,
      append(chunk: string | Uint8Array): void {
        try {
          writeAll(fs, fd, typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
        } catch (error) {
          abort();
          throw error;
        }
      },
      close(): string {
        try {
          closed = true;
          fs.closeSync(fd);
        } catch (error) {
          abort();
          throw error;
        }
        return path;
      },
      abort,
    };
  }

  return {
    open,
    write(text: string): string {
      const writer = open();
      writer.append(text);
      return writer.close();
    },
  };
}

/** `writeSync` until every byte is written (it may write fewer than asked). */
function writeAll(fs: OutputStoreFs, fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
}
