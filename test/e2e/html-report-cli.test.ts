import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir, runCli } from "./run-cli.js";

describe("correx check --reporter html=DIR (no browser)", () => {
  it("writes the folder alongside the other reporters, and a rerun replaces it", () => {
    const root = makeCorpus();
    const dir = join(makeTempDir("correx-html-cli-"), "out", "report");
    const first = runCli(["check", "--root", root, "--reporter", `html=${dir}`, "--reporter", "pretty"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^4 cases: 4 passed/m);
    expect(readdirSync(join(dir, "cases"))).toHaveLength(4);
    // a passing case's page shows its value and input: the CLI keeps them when html is requested
    const page = readFileSync(join(dir, "cases", "opencode-cli__bash__no-output.html"), "utf8");
    expect(page).toContain("<h4>expected = actual</h4>");
    expect(page).toContain("(no output)");
    expect(page).toContain('<section id="input">');
    const second = runCli(["check", "--root", root, "--case", "opencode-cli/**", "--reporter", `html=${dir}`]);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe("");
    expect(readdirSync(join(dir, "cases")).sort()).toEqual(["opencode-cli__bash__merged-stdout-stderr.html", "opencode-cli__bash__no-output.html", "opencode-cli__truncate__head-by-lines.html"]);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toContain('<dd data-meta="filtered">yes</dd>');
  });

  it("html without =DIR is a usage error", () => {
    const run = runCli(["check", "--root", makeCorpus(), "--reporter", "html"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("correx check: the html reporter writes a folder: give it as html=DIR\n");
  });

  it("refuses to replace a folder that is not a correx report (exit 2), leaving it as it was", () => {
    const dir = join(makeTempDir("correx-html-cli-"), "mine");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "keep me");
    const run = runCli(["check", "--root", makeCorpus(), "--reporter", `html=${dir}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`correx check: ${dir}: cannot write report: the folder is not empty and holds no .correx-report (not an earlier correx report); refusing to replace it\n`);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
  });
});
