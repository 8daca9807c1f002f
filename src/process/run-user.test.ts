import { chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chownTree } from "../scenario/chown-tree.js";
import { runUserFrom } from "./run-user.js";

const passwd = "root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\nodd:x:abc:1::/:/bin/sh\n";

describe("agent.user: the user an agent runs as", () => {
  it("is read from /etc/passwd: its uid and primary gid", () => {
    expect(runUserFrom(passwd, "nobody")).toEqual({ name: "nobody", uid: 65534, gid: 65534 });
    expect(runUserFrom(passwd, "root")).toEqual({ name: "root", uid: 0, gid: 0 });
  });

  it("is an input error when the machine has no such user (correx creates none)", () => {
    expect(() => runUserFrom(passwd, "ghost", "s")).toThrow(/agent\.user "ghost": no such user/);
    expect(() => runUserFrom(passwd, "odd")).toThrow(/no such user/);
    expect(() => runUserFrom(passwd, "nobod")).toThrow(/no such user/);
  });

  it.skipIf(process.getuid?.() !== 0)("chownTree gives a tree away and back, changing links themselves, never what they point to", async () => {
    const root = mkdtempSync(join(tmpdir(), "correx-chown-"));
    try {
      const outside = join(root, "outside.txt");
      writeFileSync(outside, "o");
      const tree = join(root, "run");
      mkdirSync(join(tree, "ws", "locked"), { recursive: true });
      writeFileSync(join(tree, "ws", "locked", "f"), "f");
      symlinkSync(outside, join(tree, "ws", "link"));
      symlinkSync(root, join(tree, "ws", "dirlink"));
      await chownTree(tree, 65534, 65534);
      for (const path of ["", "ws", "ws/locked", "ws/locked/f", "ws/link", "ws/dirlink"]) expect(lstatSync(join(tree, path)).uid).toBe(65534);
      expect(statSync(outside).uid).toBe(0);
      expect(statSync(root).uid).toBe(0);
      // Given back with `from`: only what the user owns (a file of another owner, as a hard link would be, keeps its owner and group).
      const foreign = join(tree, "ws", "foreign");
      writeFileSync(foreign, "x");
      chownSync(foreign, 1, 1);
      await chownTree(tree, 0, 0, 65534);
      for (const path of ["", "ws", "ws/locked/f", "ws/link"]) expect(lstatSync(join(tree, path)).uid).toBe(0);
      expect([statSync(foreign).uid, statSync(foreign).gid]).toEqual([1, 1]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
