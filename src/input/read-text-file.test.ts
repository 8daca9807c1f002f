import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { InputError } from "./input-error.js";
import { readTextFileAtMost } from "./read-text-file.js";

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (InputError.isInstance(error)) return error.render();
    throw error;
  }
  throw new Error("not refused");
};

describe("readTextFileAtMost", () => {
  const dir = makeTempDir();

  it("reads files of every size around its buffer sizes whole, byte for byte", () => {
    for (const size of [0, 1, 4095, 4096, 65_536, 65_537, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 7]) {
      const text = "é".repeat(Math.floor(size / 2)) + "x".repeat(size % 2);
      const path = join(dir, `f${size}.txt`);
      writeFileSync(path, text);
      expect(readTextFileAtMost(path, 4 << 20, "case") === text, `size ${size}`).toBe(true);
    }
  });

  it("takes a file of exactly the limit and refuses one byte more", () => {
    const path = join(dir, "limit.txt");
    writeFileSync(path, "y".repeat(1000));
    expect(readTextFileAtMost(path, 1000, "case")).toBe("y".repeat(1000));
    expect(refusal(() => readTextFileAtMost(path, 999, "case"))).toContain("case is 1000 bytes, over the 999 byte limit");
  });

  it("stops reading a device that never ends at the limit", () => {
    expect(refusal(() => readTextFileAtMost("/dev/zero", 3 << 20, "scenario"))).toContain("scenario is over the 3145728 byte limit");
  });
});
