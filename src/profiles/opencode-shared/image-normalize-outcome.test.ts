import { describe, expect, it } from "vitest";
import { UnsupportedError } from "../profile.js";
import { IMAGE_MAX_BASE64_BYTES, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, imageNormalizeOutcome } from "./image-normalize-outcome.js";

function png(width: number, height: number): Uint8Array {
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height)]);
}

describe("imageNormalizeOutcome: Image.normalize's limits (spec §2.14b)", () => {
  it("has the bundle's defaults: 2000 x 2000 px, 5242880 base64 bytes", () => {
    expect([IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, IMAGE_MAX_BASE64_BYTES]).toEqual([2000, 2000, 5242880]);
  });

  it("sends an image at every limit as it is", () => {
    expect(imageNormalizeOutcome("p", "x".repeat(5242880), png(2000, 2000))).toBe("as-is");
  });

  it("is unsupported, naming the rule, one pixel or one base64 byte over", () => {
    expect(() => imageNormalizeOutcome("p", "AAAA", png(2001, 2000))).toThrow(
      "p: the runtime resizes this 2001x2000 image with base64 size 4 (Image.normalize: over 2000x2000 px or 5242880 base64 bytes → photon Lanczos3, then PNG or JPEG q80/85/70/55/40); correx does not model photon's output (spec §2.14b)",
    );
    expect(() => imageNormalizeOutcome("p", "AAAA", png(2000, 2001))).toThrow(UnsupportedError);
    expect(() => imageNormalizeOutcome("p", "x".repeat(5242881), png(1, 1))).toThrow("the runtime resizes this 1x1 image with base64 size 5242881");
  });

  it("says undecodable for bytes that end before the size, and is unsupported for a header it cannot size", () => {
    expect(imageNormalizeOutcome("p", "/9j/4AAQSkZJRgAB", Uint8Array.from(Buffer.from("/9j/4AAQSkZJRgAB", "base64")))).toBe("undecodable");
    expect(() => imageNormalizeOutcome("p", "", new TextEncoder().encode("text"))).toThrow("p: photon (Image.normalize) decodes this image, and correx cannot read its size from the header");
  });
});
