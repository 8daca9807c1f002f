import { describe, expect, it } from "vitest";
import { embeddedOrderUnstable, embeddedToolFunctions, namesEmbeddedTool, picksByPosition } from "./claude-embedded-tools.js";

describe("the shell's grep and find (spec §3.1, bundle `fji`)", () => {
  it("names only the shell's own grep and find, not egrep, fgrep, paths or file names", () => {
    expect(["grep -rn x .", "ls | grep y", "find . -type f", "cd src && find .", "(grep a b)"].map(namesEmbeddedTool)).toEqual([true, true, true, true, true]);
    expect(["egrep x f", "fgrep x f", "cat grep.txt", "./find", "rg x", "echo finder"].map(namesEmbeddedTool)).toEqual([false, false, false, false, false, false]);
  });
  it("defines both functions on one line, running the binary as ugrep and bfs with the binary's options", () => {
    const source = embeddedToolFunctions("/opt/it's/claude");
    expect(source).not.toContain("\n");
    expect(source).toContain(
      `(exec -a ugrep '/opt/it'\\''s/claude' -G --ignore-files --hidden -I --encoding=UTF-8 --exclude-dir=.git --exclude-dir=.svn --exclude-dir=.hg --exclude-dir=.bzr --exclude-dir=.jj --exclude-dir=.sl \${1+"$@"})`,
    );
    expect(source).toContain(`(exec -a bfs '/opt/it'\\''s/claude' -S dfs -regextype findutils-default \${1+"$@"})`);
    expect(source).toContain(`-[Zz]*|-[!-]*[Zz]*|--null|--null-data) command grep \${1+"$@"}; return ;;`);
  });
  it("takes any find, and a grep over folders, globs or several files, as printing in an order that may differ", () => {
    expect(["find . -name '*.md' | sort", "grep -rn TODO .", "grep -c x a b", "grep -n x *.py", "grep -l x --include=*.ts ."].map(embeddedOrderUnstable)).toEqual([true, true, true, true, true]);
    expect(["grep -n x a.txt", "ls | grep y", "cat f | grep -c z"].map(embeddedOrderUnstable)).toEqual([false, false, false]);
  });
  it("names commands that pick lines by position", () => {
    expect(["grep -rn x . | head -3", "find . | tail -1", "find . -print -quit", "find . | sed -n 2p", "grep -rn x . | cat -n"].map(picksByPosition)).toEqual([true, true, true, true, true]);
    expect(["grep -rn x . | sort", "find . | wc -l", "find . -type f | xargs wc -l | sort"].map(picksByPosition)).toEqual([false, false, false]);
    // a sort between the search and the picker restores one order (unseen batch 16's `grep -o … | sort | uniq -c`)
    expect(picksByPosition("grep -o 'cite{[a-z]*}' a.tex b.tex | sort | uniq -c")).toBe(false);
    // the search's lines written to a file, then picked
    expect(picksByPosition("grep -rn x . > hits.txt; head -3 hits.txt")).toBe(true);
    expect(picksByPosition("grep -rn x . 2>&1 | sort; echo done")).toBe(false);
  });
});
