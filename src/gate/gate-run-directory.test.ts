import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { ownFolder, tamperedFolders } from "./gate-run-directory.js";

describe("tamperedFolders", () => {
  it("says nothing of intact folders, and names a folder replaced by a link, a file, another folder, or removed", () => {
    const root = makeTempDir("correx-owned-");
    const names = ["intact", "linked", "filed", "swapped", "removed"];
    for (const name of names) mkdirSync(join(root, name));
    const owned = names.map((name) => ownFolder(join(root, name)));
    renameSync(join(root, "linked"), join(root, "linked.old"));
    symlinkSync("/etc", join(root, "linked"));
    rmSync(join(root, "filed"), { recursive: true });
    writeFileSync(join(root, "filed"), "x");
    // The old folder is kept (renamed), so the new one cannot reuse its inode (a removed folder's
    // inode may be handed out again at once, which made this test fail once under load).
    renameSync(join(root, "swapped"), join(root, "swapped.old"));
    mkdirSync(join(root, "swapped"));
    rmSync(join(root, "removed"), { recursive: true });
    expect(tamperedFolders(owned)).toEqual([
      `${root}/linked was replaced by a link to /etc`,
      `${root}/filed was replaced by a file`,
      `${root}/swapped was replaced by another folder`,
      `${root}/removed was removed`,
    ]);
  });
});
