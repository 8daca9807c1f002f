/**
 * The sandbox channel's encoding: one JSON value per line, with every byte array written as
 * `{"$bytes": "<base64>"}` (JSON has no bytes). Pure; both ends of the channel use it.
 */

/** One request to the sandbox worker. */
export interface SandboxRequest {
  id: number;
  op: string;
  args: unknown[];
}

/** The worker's answer to request `id`: its value, or the error it threw (name and message). */
export type SandboxResponse = { id: number; value: unknown } | { id: number; error: { name: string; message: string } };

/** A value as one line of JSON (no newline inside: JSON.stringify escapes them), byte arrays as base64. */
export function encodeSandboxLine(value: unknown): string {
  // `this[key]` is the value before its toJSON (a Buffer's would make it a list of numbers).
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, item: unknown) {
    const original = this[key];
    return original instanceof Uint8Array ? { $bytes: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString("base64") } : item;
  });
}

/** The value of one line written by encodeSandboxLine, byte arrays restored. */
export function decodeSandboxLine(line: string): unknown {
  return JSON.parse(line, (_key, item: unknown) => {
    if (typeof item === "object" && item !== null && !Array.isArray(item)) {
      const keys = Object.keys(item);
      if (keys.length === 1 && keys[0] === "$bytes" && typeof (item as { $bytes: unknown }).$bytes === "string") {
        return new Uint8Array(Buffer.from((item as { $bytes: string }).$bytes, "base64"));
      }
    }
    return item;
  });
}
