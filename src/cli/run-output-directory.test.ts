import { existsSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { DEFAULT_OUTPUT_DIR } from "../adapter/reference-handler.js";
import { createLazyRunOutputDirectory, createRunOutputDirectory } from "./run-output-directory.js";

describe("createRunOutputDirectory (issue 14: check's saved outputs)", () => {
  it("is a fresh private folder per run, with the path length the corpus was recorded with", () => {
    const first = createRunOutputDirectory();
    const second = createRunOutputDirectory();
    try {
      expect(first.path).not.toBe(second.path);
      expect(first.path).toMatch(/^\/tmp\/correx-[A-Za-z0-9]{6}$/);
      expect(first.path.length).toBe(DEFAULT_OUTPUT_DIR.length);
      expect(statSync(first.path).mode & 0o777).toBe(0o700);
    } finally {
      first.remove();
      second.remove();
    }
    expect([existsSync(first.path), existsSync(second.path)]).toEqual([false, false]);
  });

  it("removal unlinks a symlink planted inside and never follows it", () => {
    const outside = makeTempDir("correx-outside-");
    writeFileSync(join(outside, "keep.txt"), "kept");
    const run = createRunOutputDirectory();
    symlinkSync(outside, join(run.path, "link"));
    writeFileSync(join(run.path, "tool_1"), "saved");
    run.remove();
    expect(existsSync(run.path)).toBe(false);
    expect(readFileSync(join(outside, "keep.txt"), "utf8")).toBe("kept");
    rmSync(outside, { recursive: true });
  });

  it("the lazy one (adapter, format) makes its folder only when asked for its path, once, and removes it", () => {
    const unused = createLazyRunOutputDirectory();
    unused.remove();
    const lazy = createLazyRunOutputDirectory();
    const path = lazy.path();
    expect(path).toMatch(/^\/tmp\/correx-[A-Za-z0-9]{6}$/);
    expect(lazy.path()).toBe(path);
    writeFileSync(join(path, "tool_1"), "saved");
    lazy.remove();
    expect(existsSync(path)).toBe(false);
    // asked again after removal: a new folder, not the old name made again
    const again = lazy.path();
    expect(again).not.toBe(path);
    lazy.remove();
    expect(existsSync(again)).toBe(false);
  });
});
