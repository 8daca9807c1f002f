import type { CommandChunk, FsFailure, SessionPiece } from "../profiles/environment-port.js";

/** How a live session ended: its exit status, and why it could not start if it never did. */
type SessionEnd = NonNullable<SessionPiece["ended"]>;

/**
 * What a live session printed and how it ended, kept until read: the one buffer behind the
 * machine's plain sessions and its terminal sessions.
 */
export interface SessionOutput {
  /** Keeps a chunk the program printed. */
  push(stream: CommandChunk["stream"], chunk: Uint8Array): void;
  /** Records the end (the first one wins) and wakes a waiting read; false when it had already ended. */
  end(fact: SessionEnd, spawnError?: FsFailure): boolean;
  /** Whether the session has ended. */
  readonly hasEnded: boolean;
  /** Waits up to `waitMs` for the end (not at all once ended), then hands over what was printed since the last read. */
  read(waitMs: number): Promise<SessionPiece>;
}

export function createSessionOutput(): SessionOutput {
  const pending: CommandChunk[] = [];
  let ended: SessionEnd | null = null;
  let spawnError: FsFailure | undefined;
  let wake: (() => void) | undefined;
  return {
    push(stream, chunk) {
      pending.push({ stream, bytes: new Uint8Array(chunk) });
    },
    end(fact, error) {
      if (ended !== null) return false;
      ended = fact;
      spawnError = error;
      wake?.();
      return true;
    },
    get hasEnded() {
      return ended !== null;
    },
    async read(waitMs) {
      if (ended === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      const chunks = pending.splice(0, pending.length);
      return { chunks, ended, ...(spawnError ? { spawnError } : {}) };
    },
  };
}
