/** Where a command writes: injected so tests can run commands in-process. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}
