import { describe, expect, it } from "vitest";
import { createSessionOutput } from "./session-output.js";

describe("createSessionOutput", () => {
  it("hands over what was printed since the last read, in order, after waiting while the session runs", async () => {
    const output = createSessionOutput();
    output.push("stdout", Uint8Array.of(104, 105));
    output.push("stderr", Uint8Array.of(33));
    const first = await output.read(5);
    expect(first).toEqual({
      chunks: [
        { stream: "stdout", bytes: Uint8Array.of(104, 105) },
        { stream: "stderr", bytes: Uint8Array.of(33) },
      ],
      ended: null,
    });
    expect((await output.read(5)).chunks).toEqual([]);
  });

  it("copies a chunk, so a reused buffer does not change what was kept", async () => {
    const output = createSessionOutput();
    const buffer = Uint8Array.of(1, 2);
    output.push("stdout", buffer);
    buffer[0] = 9;
    expect((await output.read(0)).chunks[0].bytes).toEqual(Uint8Array.of(1, 2));
  });

  it("an end wakes a waiting read at once; the first end wins and keeps its spawn error", async () => {
    const output = createSessionOutput();
    const started = Date.now();
    const reading = output.read(60_000);
    expect(output.end({ exitCode: null, signal: null }, { failure: "ENOENT", message: "spawn sh ENOENT" })).toBe(true);
    expect(output.end({ exitCode: 0, signal: null })).toBe(false);
    const piece = await reading;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(piece.ended).toEqual({ exitCode: null, signal: null });
    expect(piece.spawnError).toEqual({ failure: "ENOENT", message: "spawn sh ENOENT" });
    expect(output.hasEnded).toBe(true);
  });
});
