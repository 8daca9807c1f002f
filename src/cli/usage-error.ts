/** A bad command line: printed as one line with a hint, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
  static isInstance(error: unknown): error is UsageError {
    return error instanceof Error && error.name === "UsageError";
  }
}
