/** Failure codes of the adapter protocol (schemas/adapter/response.json). */
export type AdapterErrorCode = "unsupported" | "invalid-request" | "internal";

/** An op that fails with a protocol error code. */
export class AdapterError extends Error {
  override readonly name = "AdapterError";
  constructor(
    readonly code: AdapterErrorCode,
    message: string,
  ) {
    super(message);
  }
  static isInstance(error: unknown): error is AdapterError {
    return error instanceof Error && error.name === "AdapterError";
  }
}
