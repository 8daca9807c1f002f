import { describe, expect, it } from "vitest";
import { decodeSandboxLine, encodeSandboxLine } from "./sandbox-wire.js";

describe("the sandbox channel's encoding", () => {
  it("carries byte arrays (Buffers too) as base64 and back, inside any value, on one line", () => {
    const value = { id: 3, value: { chunks: [{ stream: "stdout", bytes: new Uint8Array([0, 10, 255]) }], raw: Buffer.from("a\nb") } };
    const line = encodeSandboxLine(value);
    expect(line).not.toContain("\n");
    expect(line).toContain('{"$bytes":"AAr/"}');
    const back = decodeSandboxLine(line) as { value: { chunks: { bytes: Uint8Array }[]; raw: Uint8Array } };
    expect([...back.value.chunks[0]!.bytes]).toEqual([0, 10, 255]);
    expect(Buffer.from(back.value.raw).toString()).toBe("a\nb");
  });

  it("leaves an object that only looks like bytes alone unless it is exactly one string field", () => {
    expect(decodeSandboxLine('{"$bytes":1}')).toEqual({ $bytes: 1 });
    expect(decodeSandboxLine('{"$bytes":"AA==","x":1}')).toEqual({ $bytes: "AA==", x: 1 });
  });
});
