import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import type { OutputStoreFs } from "./output-store-fs.js";
import { createOutputStore } from "./output-store-node.js";

/** A 12 KiB tmpfs mount point, when this process may mount one. */
const tinyTmpfs = mountTinyTmpfs();
afterAll(() => {
  if (tinyTmpfs === undefined) return;
  execFileSync("umount", [tinyTmpfs]);
  fs.rmdirSync(tinyTmpfs);
});

function mountTinyTmpfs(): string | undefined {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return undefined;
  const point = makeTempDir("correx-full-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=12k", "tmpfs", point], { stdio: "ignore" });
    return point;
  } catch {
    fs.rmdirSync(point);
    return undefined;
  }
}

let dir: string;
beforeEach(() => {
  dir = makeTempDir("correx-store-");
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const fixed = { now: () => 1000, random: (size: number) => new Uint8Array(size) };
const firstName = "tool_0000003e800100000000000000";

describe("createOutputStore (§3.2)", () => {
  it("saves the whole text as UTF-8 in <dir>/tool_<id> and returns that path", () => {
    const path = createOutputStore(dir, fixed).write("héllo\n😀");
    expect(path).toBe(join(dir, firstName));
    expect(readFileSync(path, "utf8")).toBe("héllo\n😀");
  });

  it("creates the file with mode 0600", () => {
    const path = createOutputStore(dir).write("x");
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("creates a missing directory with mode 0700", () => {
    const nested = join(dir, "a", "tool-output");
    createOutputStore(nested).write("x");
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it("never overwrites: an existing file at the exact path makes the write fail and stays as it was", () => {
    writeFileSync(join(dir, firstName), "precious");
    expect(() => createOutputStore(dir, fixed).write("new")).toThrow(/EEXIST/);
    expect(readFileSync(join(dir, firstName), "utf8")).toBe("precious");
    expect(readdirSync(dir)).toEqual([firstName]);
  });

  it("gives two saves in the same millisecond two files", () => {
    const store = createOutputStore(dir, fixed);
    const a = store.write("a");
    const b = store.write("b");
    expect(a).not.toBe(b);
    expect([readFileSync(a, "utf8"), readFileSync(b, "utf8")]).toEqual(["a", "b"]);
  });

  it("removes the partial file and throws when the disk fills up mid-write (simulated: injected writeSync fails with ENOSPC after 4 bytes)", () => {
    // Simulated: running as root, chmod cannot make a directory read-only, so the failure is injected.
    let written = 0;
    const full: OutputStoreFs = {
      ...fs,
      writeSync: ((fd: number, buffer: Uint8Array, offset: number, length: number) => {
        if (written >= 4) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        const wrote = fs.writeSync(fd, buffer, offset, Math.min(length, 4));
        written += wrote;
        return wrote;
      }) as OutputStoreFs["writeSync"],
    };
    expect(() => createOutputStore(dir, { ...fixed, fs: full }).write("0123456789")).toThrow(/ENOSPC/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes the file and throws when close fails (simulated: injected closeSync fails with EIO)", () => {
    const failing: OutputStoreFs = {
      ...fs,
      closeSync: (() => {
        throw Object.assign(new Error("EIO: i/o error, close"), { code: "EIO" });
      }) as OutputStoreFs["closeSync"],
    };
    expect(() => createOutputStore(dir, { fs: failing }).write("x")).toThrow(/EIO/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves no file when the directory refuses new files (simulated: injected openSync fails with EROFS)", () => {
    const readOnly: OutputStoreFs = {
      ...fs,
      openSync: (() => {
        throw Object.assign(new Error("EROFS: read-only file system, open"), { code: "EROFS" });
      }) as OutputStoreFs["openSync"],
    };
    expect(() => createOutputStore(dir, { fs: readOnly }).write("x")).toThrow(/EROFS/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("throws when the directory cannot be created (a path under the /dev/full device)", () => {
    expect(() => createOutputStore("/dev/full/tool-output").write("x")).toThrow();
  });

  // Real, not simulated: a 12 KiB tmpfs really fills up. Needs mount privileges; skipped without them.
  it.runIf(tinyTmpfs !== undefined)("removes the partial file and throws on a really full file system (12 KiB tmpfs)", () => {
    const mounted = tinyTmpfs as string;
    expect(() => createOutputStore(mounted).write("x".repeat(1 << 20))).toThrow(/ENOSPC/);
    expect(readdirSync(mounted)).toEqual([]);
  });

  it("streams appended chunks to one file and returns its path on close", () => {
    const writer = createOutputStore(dir, fixed).open();
    writer.append("ab");
    writer.append(new Uint8Array([0xc3]));
    writer.append(new Uint8Array([0xa9]));
    expect(writer.close()).toBe(join(dir, firstName));
    expect(readFileSync(join(dir, firstName), "utf8")).toBe("abé");
  });

  it("abort removes the streamed file", () => {
    const writer = createOutputStore(dir, fixed).open();
    writer.append("partial");
    writer.abort();
    expect(readdirSync(dir)).toEqual([]);
  });
});
