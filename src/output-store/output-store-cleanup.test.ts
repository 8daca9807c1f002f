import * as fs from "node:fs";
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { cleanupOutputStore, OUTPUT_RETENTION_MS } from "./output-store-cleanup.js";

let dir: string;
beforeEach(() => {
  dir = makeTempDir("correx-cleanup-");
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 9, 1);
const DAY = 24 * 60 * 60 * 1000;

function file(name: string, ageMs: number): string {
  const path = join(dir, name);
  writeFileSync(path, name);
  const seconds = (NOW - ageMs) / 1000;
  utimesSync(path, seconds, seconds);
  return path;
}

describe("cleanupOutputStore (§3.2 retention)", () => {
  it("keeps a retention of 7 days", () => {
    expect(OUTPUT_RETENTION_MS).toBe(7 * DAY);
  });

  it("removes tool_* files older than 7 days and keeps newer ones", () => {
    const old = file("tool_old", 8 * DAY);
    file("tool_new", 6 * DAY);
    expect(cleanupOutputStore(dir, { now: NOW })).toEqual([old]);
    expect(readdirSync(dir)).toEqual(["tool_new"]);
  });

  it("keeps old files whose name does not start with tool_", () => {
    file("notes.txt", 30 * DAY);
    file("xtool_1", 30 * DAY);
    expect(cleanupOutputStore(dir, { now: NOW })).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(["notes.txt", "xtool_1"]);
  });

  it("keeps old tool_* directories and symlinks (regular files only)", () => {
    mkdirSync(join(dir, "tool_dir"));
    const target = file("target", 0);
    symlinkSync(target, join(dir, "tool_link"));
    const seconds = (NOW - 30 * DAY) / 1000;
    utimesSync(join(dir, "tool_dir"), seconds, seconds);
    fs.lutimesSync(join(dir, "tool_link"), seconds, seconds);
    expect(cleanupOutputStore(dir, { now: NOW })).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(["target", "tool_dir", "tool_link"]);
  });

  it("honours a custom maxAgeMs", () => {
    const old = file("tool_a", 2 * DAY);
    expect(cleanupOutputStore(dir, { now: NOW, maxAgeMs: DAY })).toEqual([old]);
  });

  it("treats a missing directory as empty", () => {
    expect(cleanupOutputStore(join(dir, "missing"), { now: NOW })).toEqual([]);
  });
});
