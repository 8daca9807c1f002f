/**
 * Bad input (unreadable, malformed, too big): the CLI prints `message` as one line and exits 2.
 * `file`, `line` and `column` locate it where that is known.
 */
export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
  static isInstance(error: unknown): error is InputError {
    return error instanceof Error && error.name === "InputError";
  }
  /** `file:line:col: message`, the one line the CLI prints. */
  render(): string {
    const where = [this.file, this.line, this.line !== undefined ? this.column : undefined].filter((part) => part !== undefined).join(":");
    return where ? `${where}: ${this.message}` : this.message;
  }
}
