import { closeSync, constants, openSync, readSync } from "node:fs";
import type { Socket } from "node:net";
import { InputError } from "./input-error.js";
import { pauseSync } from "./pause-sync.js";

/**
 * How long a synchronous read waits on a FIFO that sends nothing (no writer yet, or one that went
 * quiet) before it is refused. While a synchronous read waits, no signal handler runs, so the wait
 * must end by itself.
 */
export const FIFO_IDLE_MS = 10_000;

/**
 * Opens a FIFO for reading without blocking: a plain `open` waits, unkillably, until a writer
 * appears (no JavaScript runs meanwhile, and an `fs` open in the thread pool stops `process.exit`),
 * so a FIFO nobody writes to hung the command past SIGINT and SIGTERM.
 */
function openFifo(path: string): number {
  return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
}

/**
 * Reads a FIFO (a named pipe, or a `<(…)` process substitution) whole, synchronously, at most
 * `limit + 1` bytes. Waits in short sleeps while nothing arrives, and refuses the FIFO once it
 * has sent nothing for FIFO_IDLE_MS (`what` names it in the message, as in readTextFileAtMost).
 */
export function readFifoAtMost(path: string, limit: number, what: string): Buffer {
  const fd = openFifo(path);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    let idleMs = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw new InputError(`cannot read ${what}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, path);
        read = -1; // a writer is there, with nothing to say yet
      }
      // 0 is the end once bytes came; before any, it is a FIFO no writer has opened yet.
      if (read === 0 && total > 0) break;
      if (read > 0) {
        chunks.push(chunk.subarray(0, read));
        total += read;
        idleMs = 0;
        if (total > limit) throw new InputError(`${what} is over the ${limit} byte limit`, path);
        continue;
      }
      if (idleMs >= FIFO_IDLE_MS) throw new InputError(`cannot read ${what}: a FIFO that sent nothing for ${FIFO_IDLE_MS / 1000} s (is anything writing to it?)`, path);
      pauseSync(20);
      idleMs += 20;
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * A FIFO as a readable stream that waits for its writer without blocking anything: the event loop
 * (and so Ctrl-C and SIGTERM) stays free, and the stream ends when the writer closes.
 */
export async function fifoStream(path: string): Promise<Socket> {
  // node:net is loaded here, not at start-up: only a FIFO needs it (cold start, bench/validate).
  const { Socket } = await import("node:net");
  return new Socket({ fd: openFifo(path), readable: true, writable: false });
}
