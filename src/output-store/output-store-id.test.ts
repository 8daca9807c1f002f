import { describe, expect, it } from "vitest";
import { createOutputStoreIds } from "./output-store-id.js";

describe("createOutputStoreIds (§3.1 <id>)", () => {
  it("is tool_ + 12 lowercase hex of the low 6 bytes of ms × 4096 + counter + 14 base62 chars", () => {
    // 1000 ms × 4096 + 1 = 4096001 = 0x3e8001; random bytes 0 → "0".
    const next = createOutputStoreIds({ now: () => 1000, random: (size) => new Uint8Array(size) });
    expect(next()).toBe("tool_0000003e800100000000000000");
  });

  it("counts up within one millisecond and restarts at 1 on the next", () => {
    let ms = 1000;
    const next = createOutputStoreIds({ now: () => ms, random: (size) => new Uint8Array(size) });
    expect(next().slice(5, 17)).toBe("0000003e8001");
    expect(next().slice(5, 17)).toBe("0000003e8002");
    ms = 1001;
    expect(next().slice(5, 17)).toBe("0000003e9001");
  });

  it("keeps only the low 48 bits of a current timestamp", () => {
    // ms × 4096 needs more than 48 bits today; 6 bytes hold only the low 48.
    const ms = 1_790_000_000_000;
    const next = createOutputStoreIds({ now: () => ms, random: (size) => new Uint8Array(size) });
    const low48 = (BigInt(ms) * 4096n + 1n) & 0xffff_ffff_ffffn;
    expect(next().slice(5, 17)).toBe(low48.toString(16).padStart(12, "0"));
  });

  it("maps each random byte to base62 by byte % 62", () => {
    const next = createOutputStoreIds({ now: () => 0, random: (size) => Uint8Array.from({ length: size }, (_, i) => [0, 9, 10, 35, 36, 61, 62, 255][i % 8]) });
    // 0→0, 9→9, 10→A, 35→Z, 36→a, 61→z, 62→0, 255 % 62 = 7 → 7
    expect(next().slice(17)).toBe("09AZaz0709AZaz");
  });

  it("matches the id shape with the default clock and randomness", () => {
    expect(createOutputStoreIds()()).toMatch(/^tool_[0-9a-f]{12}[0-9A-Za-z]{14}$/);
  });
});
