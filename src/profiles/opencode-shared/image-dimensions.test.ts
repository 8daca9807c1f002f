import { describe, expect, it } from "vitest";
import { imageDimensions } from "./image-dimensions.js";

const b64 = (text: string) => Uint8Array.from(Buffer.from(text, "base64"));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("imageDimensions: the size photon reports, from the header (spec §2.14b)", () => {
  it("PNG: IHDR's big-endian width and height", () => {
    expect(imageDimensions(b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="))).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(Uint8Array.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x0b, 0xb8, 0, 0, 0x07, 0xd0]))).toEqual({ width: 3000, height: 2000 });
  });

  it("PNG: shorter than IHDR, or not starting with it, is undecodable", () => {
    expect(imageDimensions(Uint8Array.from([...PNG_SIGNATURE, 0, 0, 0, 0]))).toBe("undecodable");
    expect(imageDimensions(Uint8Array.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0, 0, 0, 1, 0, 0, 0, 1]))).toBe("undecodable");
  });

  it("GIF: the logical screen's little-endian width and height; shorter than 13 bytes is undecodable", () => {
    expect(imageDimensions(Uint8Array.from([...Buffer.from("GIF89a"), 0xd1, 0x07, 0x02, 0x00, 0, 0, 0]))).toEqual({ width: 2001, height: 2 });
    expect(imageDimensions(Uint8Array.from([...Buffer.from("GIF89a"), 1, 0, 1]))).toBe("undecodable");
  });

  it("JPEG: the first SOF0–SOF2 frame's height then width, after the segments before it", () => {
    const jpeg =
      "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";
    expect(imageDimensions(b64(jpeg))).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xc2, 0, 11, 8, 0x07, 0xd1, 0x00, 0x03, 1, 1, 0x11, 0]))).toEqual({ width: 3, height: 2001 });
  });

  it("JPEG: ending before any frame header (scenario read-png stub.jpg) is undecodable; arithmetic/lossless frames and a scan first are unknown", () => {
    expect(imageDimensions(b64("/9j/4AAQSkZJRgAB"))).toBe("undecodable");
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBe("undecodable");
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xc9, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]))).toBeUndefined();
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 8]))).toBeUndefined();
  });

  it("WebP: VP8 (14-bit sizes), VP8L (sizes − 1 in 14 bits each), VP8X (24-bit sizes − 1)", () => {
    const riff = (chunk: string, body: number[]) => Uint8Array.from([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP"), ...Buffer.from(chunk), 0, 0, 0, 0, ...body]);
    expect(imageDimensions(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0xd1, 0x07, 0x05, 0x00]))).toEqual({ width: 2001, height: 5 });
    // VP8L: 0x2f, then width−1 = 1999 (0x7cf) in bits 0–13 and height−1 = 0 in bits 14–27
    expect(imageDimensions(riff("VP8L", [0x2f, 0xcf, 0x07, 0x00, 0x00]))).toEqual({ width: 2000, height: 1 });
    expect(imageDimensions(riff("VP8X", [0, 0, 0, 0, 0xcf, 0x07, 0x00, 0xd0, 0x07, 0x00]))).toEqual({ width: 2000, height: 2001 });
  });

  it("BMP: the DIB header's width and height (a negative height is top-down)", () => {
    const bmp = (header: number[]) => Uint8Array.from([0x42, 0x4d, ...new Array(12).fill(0), ...header]);
    expect(imageDimensions(bmp([40, 0, 0, 0, 0xd1, 0x07, 0, 0, 0xfe, 0xff, 0xff, 0xff]))).toEqual({ width: 2001, height: 2 });
    expect(imageDimensions(bmp([12, 0, 0, 0, 3, 0, 4, 0, 1, 0, 24, 0]))).toEqual({ width: 3, height: 4 });
  });

  it("other bytes are unknown", () => {
    expect(imageDimensions(new TextEncoder().encode("not an image"))).toBeUndefined();
  });
});
