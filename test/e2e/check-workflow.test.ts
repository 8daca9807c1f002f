import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGoldenYaml, stringifyGoldenYaml } from "../../src/golden/golden-yaml.js";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, runCli } from "./run-cli.js";

const golden = (root: string, id: string) => join(root, "golden", `${id}.yaml`);

/** Changes the expected output of a cli bash golden in place (adds a trailing space). */
function breakGolden(root: string, id: string): string {
  const path = golden(root, id);
  const value = parseGoldenYaml(readFileSync(path, "utf8")) as { expected: { result: { output: string } } };
  value.expected.result.output += " ";
  const changed = stringifyGoldenYaml(value);
  writeFileSync(path, changed);
  return changed;
}

describe("correx check: the golden workflow (issue 6)", () => {
  it("passes on an intact corpus and writes nothing", () => {
    const root = makeCorpus();
    const run = runCli(["check", "--root", root]);
    expect(run.stdout).toMatch(/^4 cases: 4 passed, 0 failed, 0 xfail, 0 unsupported, 0 crashed, 0 timed out; 4 of 4 judged \(100 %\) in .* \(subject: reference\)$/m);
    expect(run.code).toBe(0);
    expect(readdirSync(join(root, "golden"), { recursive: true }).filter((entry) => String(entry).endsWith(".new"))).toEqual([]);
  });

  it("a changed expected value fails with a visible-whitespace diff and writes a pending file", () => {
    const root = makeCorpus();
    breakGolden(root, "opencode-cli/bash/no-output");
    const run = runCli(["check", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("FAIL opencode-cli/bash/no-output  (§2.1): 1 difference");
    expect(run.stdout).toContain("/result/output:\n    --- expected\n    +++ actual\n    @@ -1,1 +1,1 @@\n    -(no output)·\n    +(no output)");
    const pending = `${golden(root, "opencode-cli/bash/no-output")}.new`;
    expect(existsSync(pending)).toBe(true);
    const proposed = parseGoldenYaml(readFileSync(pending, "utf8")) as Record<string, unknown>;
    expect(proposed).toMatchObject({ correx: "golden/1", case: "opencode-cli/bash/no-output", source: { profile: "opencode-cli", stage: "format", tool: "bash", subject: "reference" } });
    expect((proposed.expected as { result: { output: string } }).result.output).toBe("(no output)");
  });

  it("under CI=true nothing is written, and a missing golden fails", () => {
    const root = makeCorpus();
    breakGolden(root, "opencode-cli/bash/no-output");
    const missing = golden(root, "opencode-core/bash/echo-two-parts");
    const before = readFileSync(missing, "utf8");
    writeFileSync(missing + ".keep", before);
    const { rmSync } = require("node:fs") as typeof import("node:fs");
    rmSync(missing);
    const run = runCli(["check", "--root", root], { env: { CI: "true" } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("FAIL opencode-core/bash/echo-two-parts  (§2.1b §1.1 §README v2-runner: bash): no golden (nothing is written under CI)");
    expect(readdirSync(join(root, "golden"), { recursive: true }).filter((entry) => String(entry).endsWith(".new"))).toEqual([]);
    expect(existsSync(missing)).toBe(false);
  });

  it("review accepts and rejects pending changes, driven by a stdin script", () => {
    const root = makeCorpus();
    const original = readFileSync(golden(root, "opencode-cli/bash/no-output"), "utf8");
    breakGolden(root, "opencode-cli/bash/no-output");
    breakGolden(root, "opencode-cli/bash/merged-stdout-stderr");
    const brokenMerged = readFileSync(golden(root, "opencode-cli/bash/merged-stdout-stderr"), "utf8");
    expect(runCli(["check", "--root", root]).code).toBe(1);
    // pending files come in path order: merged-stdout-stderr first, then no-output
    const review = runCli(["golden", "review", "--root", root], { input: "r\na\n" });
    expect(review.code).toBe(0);
    expect(review.stdout).toContain("[1/2] changed golden");
    expect(review.stdout).toContain("[2/2] changed golden");
    expect(review.stdout).toContain("  /result/output:\n    --- golden\n    +++ pending\n    @@ -1,1 +1,1 @@\n    -(no output)·\n    +(no output)\n");
    expect(review.stdout).toContain("⊘ pending ends with a newline (golden has none)");
    expect(review.stdout).toContain("1 accepted, 1 rejected, 0 skipped");
    expect(readFileSync(golden(root, "opencode-cli/bash/merged-stdout-stderr"), "utf8")).toBe(brokenMerged);
    const accepted = readFileSync(golden(root, "opencode-cli/bash/no-output"), "utf8");
    expect((parseGoldenYaml(accepted) as { expected: unknown }).expected).toEqual((parseGoldenYaml(original) as { expected: unknown }).expected);
    expect(accepted).not.toContain("source:");
    expect(readdirSync(join(root, "golden"), { recursive: true }).filter((entry) => String(entry).endsWith(".new"))).toEqual([]);
    expect(runCli(["check", "--root", root]).stdout).toMatch(/^4 cases: 3 passed, 1 failed/m);
  });

  it("review --accept-all makes the corpus pass again", () => {
    const root = makeCorpus();
    breakGolden(root, "opencode-cli/bash/no-output");
    runCli(["check", "--root", root]);
    expect(runCli(["golden", "review", "--accept-all", "--root", root]).stdout).toContain("1 accepted, 0 rejected, 0 skipped");
    expect(runCli(["check", "--root", root]).code).toBe(0);
  });

  it("prune lists goldens no case references, deletes them with --delete, and refuses on a filtered run", () => {
    const root = makeCorpus();
    const orphan = join(root, "golden", "opencode-cli", "bash", "gone.yaml");
    writeFileSync(orphan, "correx: golden/1\ncase: opencode-cli/bash/gone\nexpected: {}\n");
    const refused = runCli(["golden", "prune", "--root", root, "--profile", "opencode-cli"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe("correx golden prune: refusing on a filtered run (--profile); prune needs the whole corpus\n");
    const listed = runCli(["golden", "prune", "--root", root]);
    expect(listed.stdout).toBe(`orphan ${orphan}\n1 golden without a case (use --delete to remove)\n`);
    expect(listed.code).toBe(1);
    expect(existsSync(orphan)).toBe(true);
    const deleted = runCli(["golden", "prune", "--delete", "--root", root]);
    expect(deleted.stdout).toBe(`deleting 1 golden without a case\ndeleted ${orphan}\n1 golden without a case deleted\n`);
    expect(deleted.code).toBe(0);
    expect(existsSync(orphan)).toBe(false);
    const clean = runCli(["golden", "prune", "--root", root]);
    expect([clean.stdout, clean.code]).toEqual(["0 goldens without a case\n", 0]);
  });

  it("a run killed mid-way leaves every golden intact (writes are temp file + rename)", async () => {
    const root = makeCorpus();
    for (const id of ["opencode-cli/bash/no-output", "opencode-cli/bash/merged-stdout-stderr"]) breakGolden(root, id);
    const goldens = (readdirSync(join(root, "golden"), { recursive: true }) as string[]).filter((entry) => entry.endsWith(".yaml"));
    const before = new Map(goldens.map((entry) => [entry, readFileSync(join(root, "golden", entry), "utf8")]));
    // A SIGKILLed run cannot remove its saved-output folder: it is made in this test's own temp
    // folder (removed with it), not as the default /tmp/correx-XXXXXX, which each kill left behind.
    const outputs = makeTempDir("correx-killed-outputs-");
    for (let attempt = 0; attempt < 5; attempt++) {
      const child = spawn(process.execPath, [cliPath, "check", "--root", root, "--update", "always", "--output-dir", outputs], { stdio: "ignore" });
      await new Promise((resolve) => setTimeout(resolve, 120 + attempt * 40));
      const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      for (const entry of goldens) {
        const text = readFileSync(join(root, "golden", entry), "utf8");
        // each golden is either exactly what it was or exactly the rewritten version: never partial
        expect(() => parseGoldenYaml(text)).not.toThrow();
        expect(text === before.get(entry) || text.startsWith("correx: golden/1\n")).toBe(true);
      }
    }
    // whatever temp files a kill left behind are hidden (dot-prefixed) and the corpus still loads
    const leftovers = (readdirSync(join(root, "golden"), { recursive: true }) as string[]).filter((entry) => entry.endsWith(".tmp"));
    expect(leftovers.every((entry) => entry.split("/").pop()!.startsWith("."))).toBe(true);
    expect(runCli(["check", "--root", root, "--update", "no"]).code).not.toBe(2);
  });

  it("--reporter junit=FILE writes XML that counts the same cases as the summary; --shard halves add up", () => {
    const root = makeCorpus();
    const dir = makeTempDir();
    const run = runCli(["check", "--root", root, "--reporter", "pretty", "--reporter", `junit=${join(dir, "out.xml")}`, "--reporter", `json=${join(dir, "out.jsonl")}`]);
    expect(run.code).toBe(0);
    const xml = readFileSync(join(dir, "out.xml"), "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="correx" tests="4" failures="0" errors="0" skipped="0"/);
    expect(xml.match(/<testcase /g)).toHaveLength(4);
    const summary = JSON.parse(readFileSync(join(dir, "out.jsonl"), "utf8").trim().split("\n").pop()!);
    expect(summary).toMatchObject({ type: "summary", total: 4, pass: 4 });
    const ids = (shard: string) =>
      runCli(["check", "--root", root, "--shard", shard, "--reporter", "json"])
        .stdout.trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .filter((row) => row.type === "case")
        .map((row) => row.id);
    const first = ids("1/2");
    const second = ids("2/2");
    expect(first.length + second.length).toBe(4);
    expect([...first, ...second].sort()).toEqual(ids("1/1").sort());
    expect(first.filter((id: string) => second.includes(id))).toEqual([]);
  });

  it("--baseline: a listed failing case is xfail, a listed passing case is a stale entry, an unknown id is an error", () => {
    const root = makeCorpus();
    breakGolden(root, "opencode-cli/bash/no-output");
    const dir = makeTempDir();
    writeFileSync(join(dir, "baseline.yaml"), "- opencode-cli/bash/no-output\n");
    const xfail = runCli(["check", "--root", root, "--update", "no", "--baseline", join(dir, "baseline.yaml")]);
    expect(xfail.stdout).toMatch(/^4 cases: 3 passed, 0 failed, 1 xfail/m);
    expect(xfail.code).toBe(0);
    writeFileSync(join(dir, "stale.yaml"), "- opencode-cli/bash/merged-stdout-stderr\n- opencode-cli/bash/no-output\n");
    const stale = runCli(["check", "--root", root, "--update", "no", "--baseline", join(dir, "stale.yaml")]);
    expect(stale.stdout).toContain("FAIL opencode-cli/bash/merged-stdout-stderr  (§2.1): stale baseline entry");
    expect(stale.code).toBe(1);
    writeFileSync(join(dir, "unknown.yaml"), "- opencode-cli/bash/nope\n");
    const unknown = runCli(["check", "--root", root, "--baseline", join(dir, "unknown.yaml")]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('correx check: baseline names unknown case "opencode-cli/bash/nope"\n');
  });

  it("rejects bad usage with exit 2 and one line", () => {
    for (const [args, message] of [
      [["check", "--shard", "3/2"], 'correx check: --shard must be i/n with 1 ≤ i ≤ n, found "3/2"\n'],
      [["check", "--update", "sometimes"], 'correx check: --update must be auto, always, new or no, found "sometimes"\n'],
      [["check", "--reporter", "xml"], 'correx check: unknown reporter "xml"; known: pretty, json, junit, tap, html\n'],
    ] as const) {
      const run = runCli([...args]);
      expect(run.stderr).toBe(message);
      expect(run.code).toBe(2);
    }
    // the profile list grows as profiles are added: one line naming the value and the known ones
    const profile = runCli(["check", "--profile", "nope"]);
    expect(profile.stderr).toMatch(/^correx check: unknown --profile "nope"; known: opencode-core, opencode-cli(, [a-z-]+)*\n$/);
    expect(profile.code).toBe(2);
    expect(runCli(["check"], { env: { CI: "maybe" } }).stderr).toBe("correx check: CI=maybe is neither true nor false\n");
  });
});
