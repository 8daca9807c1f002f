import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { removeFolder } from "../process/remove-folder.js";
import { UnsupportedError } from "../profiles/profile.js";
import { clearScenarioWorkspace } from "./clear-scenario-workspace.js";

/** A workspace with sub/stuck.txt made immutable (chattr +i: root, on a file system that has the flag), or null where it cannot be. */
function workspaceWithImmutableFile(): { workspace: string; stuck: string } | null {
  const workspace = join(makeTempDir("correx-immutable-"), "workspace");
  mkdirSync(join(workspace, "sub"), { recursive: true });
  const stuck = join(workspace, "sub", "stuck.txt");
  writeFileSync(stuck, "x\n");
  return spawnSync("chattr", ["+i", stuck]).status === 0 ? { workspace, stuck } : null;
}

const made: string[] = [];
afterEach(() => {
  for (const stuck of made.splice(0)) spawnSync("chattr", ["-i", stuck]);
  vi.restoreAllMocks();
});

describe("clearScenarioWorkspace: what an agent left that cannot be removed makes the replay unsupported, not a crash", () => {
  it("removes a workspace whole", async () => {
    const workspace = join(makeTempDir("correx-clear-"), "workspace");
    mkdirSync(join(workspace, "a/b"), { recursive: true });
    writeFileSync(join(workspace, "a/b/c.txt"), "c");
    await clearScenarioWorkspace(workspace);
    expect(spawnSync("test", ["-e", workspace]).status).toBe(1);
  });

  it("an immutable file: UnsupportedError naming it relative to the workspace", async (context) => {
    const laid = workspaceWithImmutableFile();
    if (laid === null) return context.skip();
    made.push(laid.stuck);
    const error = await clearScenarioWorkspace(laid.workspace).catch((caught: unknown) => caught);
    expect(UnsupportedError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^the replay cannot lay the workspace anew: the agent left sub\/stuck\.txt in it so that it cannot be removed \([A-Z]+; a file made immutable or append-only, or a mount\)$/,
    );
  });

  it("removeFolder says where in the folder the removal stopped", (context) => {
    const laid = workspaceWithImmutableFile();
    if (laid === null) return context.skip();
    made.push(laid.stuck);
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    removeFolder(laid.workspace);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^correx: could not remove ${laid.workspace} \\([A-Z]+ at sub/stuck\\.txt\\); remove it by hand\\n$`));
  });
});
