import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { overlayWrites } from "./overlay-writes.js";

describe("overlayWrites", () => {
  it("lists files and links written on each mount, a new folder once, and leaves out the allowed folders", () => {
    const control = makeTempDir("correx-overlay-");
    const machine = makeTempDir("correx-machine-");
    mkdirSync(join(machine, "kept"));
    const upper = (n: number, path: string) => join(control, "layers", String(n), "upper", path);
    // mount 0 is "/", mount 1 is the machine folder
    mkdirSync(upper(0, "etc"), { recursive: true });
    writeFileSync(upper(0, "etc/hacked"), "x");
    mkdirSync(upper(1, "kept"), { recursive: true });
    writeFileSync(upper(1, "kept/changed.txt"), "x");
    mkdirSync(upper(1, "brand-new/deep"), { recursive: true });
    writeFileSync(upper(1, "brand-new/deep/a.txt"), "x");
    symlinkSync("/etc/passwd", upper(1, "link"));
    mkdirSync(upper(1, "run/workspace"), { recursive: true });
    writeFileSync(upper(1, "run/workspace/allowed.txt"), "x");
    const writes = overlayWrites(
      control,
      [
        { path: "/", kind: "directory" },
        { path: machine, kind: "directory" },
      ],
      [join(machine, "run")],
    );
    expect(writes).toEqual([
      { path: "/etc/hacked", change: "written" },
      { path: `${machine}/brand-new/`, change: "written" },
      { path: `${machine}/kept/changed.txt`, change: "written" },
      { path: `${machine}/link`, change: "written" },
    ]);
  });
});
