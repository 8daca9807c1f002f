/** Where a command writes: injected so tests can run commands in-process. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** `--debug` was given (before any `--`): show stack traces, the subject's own included. */
  debug?: boolean;
}
