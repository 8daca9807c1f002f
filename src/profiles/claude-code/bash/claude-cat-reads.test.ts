import { describe, expect, it } from "vitest";
import { catReadPaths } from "./claude-cat-reads.js";

/** Expected from docs/spec/claude-code-2.1.332.md §5.1 (unseen batch 13's probes: which `cat` forms make a file known). */
describe("claude-code: the files a Bash cat shows whole (§5.1)", () => {
  it("takes one file shown by cat, -n, ./, an absolute path, before other commands", () => {
    for (const command of ["cat a.txt", "cat -n a.txt", "cat ./a.txt", "cat /w/a.txt", "cat a.txt; echo done"])
      expect(catReadPaths(command, "/w"), command).toEqual({ sure: ["/w/a.txt"], unsure: [] });
  });

  it("takes nothing from a cat piped on, of two files, or from head", () => {
    for (const command of ["cat k.txt | tail -n 1", "cat f.txt g.txt", "head -n 1 d.txt", "echo concatenate"]) expect(catReadPaths(command, "/w"), command).toEqual({ sure: [], unsure: [] });
  });

  it("leaves the forms not observed uncertain, naming the files they may show", () => {
    expect(catReadPaths("cat a.txt > b.txt", "/w").unsure).toEqual(["/w/a.txt", "/w/b.txt"]);
    expect(catReadPaths("cd sub && cat a.txt", "/w").unsure).toEqual(["/w/a.txt"]);
    expect(catReadPaths('cat "my file.txt"', "/w").sure).toEqual([]);
    expect(catReadPaths("cat -A a.txt", "/w").unsure).toEqual(["/w/a.txt"]);
    // after other commands (unseen batch 7: the binary made nothing known; not pinned in general)
    expect(catReadPaths("iconv -f latin1 -t utf-8 c.txt > c.utf8 && mv c.utf8 c.txt && cat c.txt", "/w")).toEqual({ sure: [], unsure: ["/w/c.txt"] });
    expect(catReadPaths("echo x && cat a.txt", "/w").sure).toEqual([]);
  });
});
