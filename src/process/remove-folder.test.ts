import * as fs from "node:fs";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// rmSync, wrapped so a test can make removals fail the way a late-created file makes them fail
const failures: string[] = [];
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return {
    ...real,
    rmSync: vi.fn((path: fs.PathLike, options?: fs.RmOptions) => {
      const code = failures.shift();
      if (code !== undefined) throw Object.assign(new Error(`${code}: directory not empty, rmdir '${String(path)}/d'`), { code });
      return real.rmSync(path, options);
    }),
  };
});
const { removeFolder } = await import("./remove-folder.js");

function folderWithAFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "correx-remove-folder-"));
  writeFileSync(join(folder, "f.txt"), "x");
  return folder;
}

/** What is written to stderr from now on (restored after each test). */
function stderrLines(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

describe("removeFolder", () => {
  afterEach(() => {
    failures.length = 0;
    vi.mocked(fs.rmSync).mockClear();
    vi.restoreAllMocks();
  });

  it("lists and removes again when a file appeared after the folder was listed (ENOTEMPTY), saying nothing once it is gone", () => {
    const folder = folderWithAFile();
    failures.push("ENOTEMPTY", "ENOTEMPTY");
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    removeFolder(folder);
    expect(fs.existsSync(folder)).toBe(false);
    expect(vi.mocked(fs.rmSync)).toHaveBeenCalledTimes(3);
    expect(stderr).not.toHaveBeenCalled();
  });

  it("gives up after six removals and says so in one line naming the folder", () => {
    const folder = folderWithAFile();
    failures.push(...Array.from({ length: 10 }, () => "ENOTEMPTY"));
    const lines = stderrLines();
    removeFolder(folder);
    expect(vi.mocked(fs.rmSync)).toHaveBeenCalledTimes(6);
    expect(lines).toEqual([`correx: could not remove ${folder} (ENOTEMPTY); remove it by hand\n`]);
    failures.length = 0;
    removeFolder(folder);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("does not repeat a removal that cannot succeed by waiting (EACCES): one line at once", () => {
    const folder = folderWithAFile();
    failures.push("EACCES");
    const lines = stderrLines();
    removeFolder(folder);
    expect(vi.mocked(fs.rmSync)).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([`correx: could not remove ${folder} (EACCES); remove it by hand\n`]);
    removeFolder(folder);
    expect(fs.existsSync(folder)).toBe(false);
  });
});
