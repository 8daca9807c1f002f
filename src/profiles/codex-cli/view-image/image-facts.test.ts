import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../../../text/base64.js";
import { imageFacts } from "./image-facts.js";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/** spec §5.2: the format from the bytes; each verdict observed from the binary (fixtures/scenarios/codex-view-image-formats.yaml). */
describe("imageFacts", () => {
  it("reads a PNG's size and checks its chunks", () => {
    expect(imageFacts(decodeBase64(PNG_1X1))).toEqual({ kind: "image", mime: "image/png", width: 1, height: 1 });
    expect(imageFacts(decodeBase64(PNG_1X1).subarray(0, 40))).toEqual({ kind: "undecodable" });
    const damaged = decodeBase64(PNG_1X1);
    damaged[30] ^= 1;
    expect(imageFacts(damaged)).toEqual({ kind: "undecodable" });
  });

  it("reads WebP (VP8L) sizes", () => {
    expect(imageFacts(decodeBase64("UklGRjoAAABXRUJQVlA4IC4AAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/vtV4/+lwf/S4P/pcH/pcH8bss4bpAAA"))).toEqual({ kind: "image", mime: "image/webp", width: 2, height: 2 });
  });

  it("refuses BMP, TIFF, ICO and text; leaves GIF unmodelled", () => {
    expect(imageFacts(new TextEncoder().encode("BM\0\0"))).toEqual({ kind: "undecodable" });
    expect(imageFacts(new Uint8Array([0x49, 0x49, 0x2a, 0, 8]))).toEqual({ kind: "undecodable" });
    expect(imageFacts(new Uint8Array([0, 0, 1, 0, 1]))).toEqual({ kind: "undecodable" });
    expect(imageFacts(new TextEncoder().encode("one\n"))).toEqual({ kind: "undecodable" });
    expect(imageFacts(new TextEncoder().encode("GIF89a")).kind).toBe("unmodelled");
  });
});
