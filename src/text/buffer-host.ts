/**
 * Node's `Buffer`, reached as a global when the host has one rather than by a `node:` import, so
 * the pure stages (src/profiles, src/lower) stay portable (style: keep the core pure). Callers use
 * it to count or decode natively and fall back to web APIs when it is absent. Read on each call, so
 * a test can take it away.
 */
export interface BufferHost {
  byteLength(text: string, encoding: "utf8"): number;
  allocUnsafe(size: number): { write(text: string, encoding: "base64"): number };
}

/** The host's `Buffer`, or undefined outside Node. */
export function bufferHost(): BufferHost | undefined {
  return (globalThis as { Buffer?: BufferHost }).Buffer;
}
