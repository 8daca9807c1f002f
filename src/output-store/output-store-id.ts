import { randomBytes } from "node:crypto";

/** Clock and randomness for ids; both injectable so tests can force a collision. */
export interface OutputStoreIdSource {
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** `size` random bytes. Default `crypto.randomBytes`. */
  random?: (size: number) => Uint8Array;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * An ascending id generator: `tool_` + 12 lowercase hex digits (the low 6 bytes of
 * `ms × 4096 + counter`, the counter restarting at 1 each new millisecond) + 14 base62 chars.
 * @see spec §3.1 (`<id>`, `Identifier.ascending("tool")`), §3.2 (file `tool_<ascending id>`)
 */
export function createOutputStoreIds(source: OutputStoreIdSource = {}): () => string {
  const now = source.now ?? Date.now;
  const random = source.random ?? ((size: number) => randomBytes(size));
  let lastMs = -1;
  let counter = 0;
  return () => {
    const ms = now();
    if (ms !== lastMs) {
      lastMs = ms;
      counter = 0;
    }
    counter++;
    const value = BigInt(ms) * 4096n + BigInt(counter);
    let hex = "";
    for (let i = 0; i < 6; i++)
      hex += Number((value >> BigInt(40 - 8 * i)) & 0xffn)
        .toString(16)
        .padStart(2, "0");
    const bytes = random(14);
    let suffix = "";
    for (let i = 0; i < 14; i++) suffix += BASE62[bytes[i] % 62];
    return `tool_${hex}${suffix}`;
  };
}
