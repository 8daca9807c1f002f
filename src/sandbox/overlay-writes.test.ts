import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { overlaySnapshot, overlayWrites, snapshotChanges } from "./overlay-writes.js";

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

describe("overlaySnapshot and snapshotChanges", () => {
  it("name exactly the files, links and removals written between two snapshots, never a folder that only gained entries", () => {
    const control = makeTempDir("correx-overlay-");
    const upper = (path: string) => join(control, "layers", "0", "upper", path);
    const mounts = [{ path: "/", kind: "directory" as const }];
    mkdirSync(upper("run/workspace"), { recursive: true });
    writeFileSync(upper("run/workspace/a.txt"), "a");
    writeFileSync(upper("run/workspace/same.txt"), "s");
    const before = overlaySnapshot(control, mounts);
    expect([...before.keys()]).toEqual(["/run/workspace/a.txt", "/run/workspace/same.txt"]);
    expect(snapshotChanges(before, overlaySnapshot(control, mounts))).toEqual([]);
    // a rewrite of the same size is seen by its time; a new file in a new folder by itself; a removal as gone
    writeFileSync(upper("run/workspace/a.txt"), "b");
    utimesSync(upper("run/workspace/a.txt"), new Date(1_000), new Date(1_000));
    mkdirSync(upper("tmp/new"), { recursive: true });
    writeFileSync(upper("tmp/new/b.txt"), "b");
    symlinkSync("/etc/passwd", upper("run/workspace/link"));
    rmSync(upper("run/workspace/same.txt"));
    expect(snapshotChanges(before, overlaySnapshot(control, mounts))).toEqual(["/run/workspace/a.txt", "/run/workspace/link", "/run/workspace/same.txt", "/tmp/new/b.txt"]);
  });
});
