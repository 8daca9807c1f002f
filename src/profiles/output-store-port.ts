/**
 * The one I/O port that formatting needs: saving a truncated tool's full output.
 * Implemented at the edge by `src/output-store/`; pure stages receive it as a value.
 * @see spec §3.1 (v1 files), §3.2 (v2 ToolOutputStore): `<dir>/tool_<id>`, exclusive create.
 */
export interface OutputStorePort {
  /** Saves `text` completely to a new file and returns its path. Throws when it cannot. */
  write(text: string): string;
  /**
   * Optional streaming variant: creates a new file now and returns a writer for it. Used by
   * streaming truncation so that a command's output never has to be held in memory.
   */
  open?(): OutputStoreWriter;
}

/** A file being written by `OutputStorePort.open`. */
export interface OutputStoreWriter {
  /** The file's path (it exists from `open` on). */
  readonly path: string;
  /** Appends text (written as UTF-8) or bytes. Throws when it cannot; call `abort` then. */
  append(chunk: string | Uint8Array): void;
  /** Flushes the file to disk, closes it and returns its path. */
  close(): string;
  /** Closes and removes the partial file. Never throws. */
  abort(): void;
}
