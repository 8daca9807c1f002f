/** A history that cannot be lowered (unsupported media, invalid base64, missing tool results…); the message is the exact text opencode reports. */
export class LoweringError extends Error {
  override readonly name = "LoweringError";
  static isInstance(error: unknown): error is LoweringError {
    return error instanceof Error && error.name === "LoweringError";
  }
}
