import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { outsideWrites, watchOutsideWrites } from "./gate-outside-writes.js";

let run = "";
afterEach(() => rmSync(run, { recursive: true, force: true }));

describe("gate: files an agent changes outside its workspace (issue 14)", () => {
  it("reports new and changed files at the top of the run directory and non-dot files in the HOME copy; not the workspace, not agent state folders", () => {
    run = makeTempDir("correx-outside-");
    mkdirSync(join(run, "workspace"));
    mkdirSync(join(run, "home"));
    writeFileSync(join(run, "kept.txt"), "same");
    writeFileSync(join(run, "changed.txt"), "old");
    const watch = watchOutsideWrites(run);
    writeFileSync(join(run, "workspace", "inside.txt"), "fine");
    writeFileSync(join(run, "escape.txt"), "from ../");
    writeFileSync(join(run, "changed.txt"), "new, longer");
    writeFileSync(join(run, "home", "notes.md"), "from ~");
    writeFileSync(join(run, "home", ".agentrc"), "agent state");
    writeFileSync(join(run, "opencode-serve.log"), "the driver's own log");
    mkdirSync(join(run, "xdg", "data"), { recursive: true });
    writeFileSync(join(run, "xdg", "data", "session.json"), "{}");
    expect(outsideWrites(watch)).toEqual(["changed.txt", "escape.txt", "home/notes.md"]);
  });
  it("nothing changed, nothing reported (and a run directory without home is fine)", () => {
    run = makeTempDir("correx-outside-");
    writeFileSync(join(run, "a"), "x");
    expect(outsideWrites(watchOutsideWrites(run))).toEqual([]);
  });
});
