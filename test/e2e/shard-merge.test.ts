import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, repoRoot, runCli } from "./run-cli.js";

const sh = (command: string, cwd: string) => {
  const run = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8", env: { ...process.env, CI: "true", GITHUB_ACTIONS: undefined }, maxBuffer: 64 * 1024 * 1024 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
/** A json report without what differs between runs (durations, the date). */
const stable = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/"durationMs":[0-9.]+/g, '"durationMs":0')
    .replace(/"date":"[^"]+"/, '"date":""');

describe("shards across a CI matrix: gate --shard, check --shard, correx merge-reports (issue 32 part 7)", () => {
  it("examples/ci/github-actions-shards.yml, run as written (matrix filled in): the merged report is the one a single gate run writes", () => {
    const project = makeTempDir("correx-shards-");
    const workflow = parse(readFileSync(join(repoRoot, "examples/ci/github-actions-shards.yml"), "utf8")) as {
      jobs: Record<string, { strategy?: { matrix?: { shard?: number[] } }; steps: { run?: string }[] }>;
    };
    // the recipe's commands, with correx from this checkout instead of the installed package
    const local = (command: string) => command.replaceAll("npx correx", `node ${cliPath}`).replaceAll("node_modules/correx/", `${repoRoot}/`).trim();
    const shards = workflow.jobs.gate!.strategy!.matrix!.shard!;
    expect(shards).toEqual([1, 2]);
    const shardStep = workflow.jobs.gate!.steps.find((step) => step.run?.includes("npx correx gate"))!.run!;
    for (const shard of shards) {
      const run = sh(local(shardStep.replaceAll("${{ matrix.shard }}", String(shard))), project);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(existsSync(join(project, `correx-shards/gate-${shard}.json`))).toBe(true);
    }
    const mergeStep = workflow.jobs.report!.steps.find((step) => step.run?.includes("npx correx merge-reports"))!.run!;
    const merged = sh(local(mergeStep), project);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    expect(merged.stdout).toContain("8 cases: 8 passed, 0 failed");
    expect(readFileSync(join(project, "correx-report/gate.xml"), "utf8")).toMatch(/<testsuites [^>]*tests="8"[^>]*failures="0"/);
    expect(existsSync(join(project, "correx-report/gate/index.html"))).toBe(true);

    // the same scenarios in one run, and the shards merged as json: the same report (order included)
    const whole = sh(local(shardStep.replaceAll("${{ matrix.shard }}", "whole").replace(/--shard \S+/, "")), project);
    expect(whole.code, whole.stderr).toBe(0);
    const json = runCli(["merge-reports", "--reporter", `json=${project}/merged.json`, `${project}/correx-shards/gate-2.json`, `${project}/correx-shards/gate-1.json`]);
    expect(json.code, json.stderr).toBe(0);
    expect(stable(`${project}/merged.json`)).toBe(stable(`${project}/correx-shards/gate-whole.json`));
    const shard1 = readFileSync(`${project}/correx-shards/gate-1.json`, "utf8");
    expect(shard1).toContain('"shard":"1/2"');
    // every shard holds a part: 6 scenario runs (2 protocols × 3 scenarios) dealt 3 and 3
    expect(shard1.match(/"type":"case"/g)?.length).toBeGreaterThan(0);
    expect(shard1.match(/"type":"case"/g)?.length).toBeLessThan(8);
  }, 180_000);

  it("check shards merge into the one-run report (case id order); a missing shard, an unfinished report and overlapping reports are input errors", () => {
    const root = makeCorpus();
    const dir = makeTempDir("correx-check-shards-");
    for (const shard of ["1/3", "2/3", "3/3"]) {
      const run = runCli(["check", "--root", root, "--update", "no", "--shard", shard, "--reporter", `json=${dir}/${shard.replace("/", "-of-")}.json`]);
      expect(run.code, run.stderr).toBe(0);
    }
    const whole = runCli(["check", "--root", root, "--update", "no", "--reporter", `json=${dir}/whole.json`]);
    expect(whole.code, whole.stderr).toBe(0);
    const shardFiles = ["3-of-3", "1-of-3", "2-of-3"].map((name) => `${dir}/${name}.json`);
    const merged = runCli(["merge-reports", "--reporter", `json=${dir}/merged.json`, "--reporter", "tap", ...shardFiles]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(stable(`${dir}/merged.json`)).toBe(stable(`${dir}/whole.json`));
    expect(merged.stdout).toMatch(/^TAP version 13\n/);

    const missing = runCli(["merge-reports", shardFiles[0]!, shardFiles[1]!]);
    expect([missing.code, missing.stderr]).toEqual([2, "correx merge-reports: shard 2/3 missing: merge every shard of the run\n"]);
    const cut = readFileSync(shardFiles[2]!, "utf8").split("\n").slice(0, -2).join("\n") + "\n";
    writeFileSync(`${dir}/cut.json`, cut);
    const unfinished = runCli(["merge-reports", shardFiles[0]!, shardFiles[1]!, `${dir}/cut.json`]);
    expect(unfinished.code).toBe(2);
    expect(unfinished.stderr).toBe(
      `correx merge-reports: ${dir}/cut.json:${cut.split("\n").length - 1}:1: no summary line: the run that wrote this report did not end (a killed or crashed run leaves only its finished cases)\n`,
    );
    const overlap = runCli(["merge-reports", `${dir}/whole.json`, `${dir}/whole.json`]);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(/^correx merge-reports: .*whole\.json: case \S+ is also in .*whole\.json: the reports overlap\n$/);
    const notJson = runCli(["merge-reports", `${root}/fixtures/cases/${"opencode-cli/bash/no-output"}.yaml`]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/no-output\.yaml:1:1: not a json report line: /);
  }, 120_000);

  it("a summary's shard, counts and duration are checked: exit 2 and one line naming file, line and field (a shard of 1/1000000000 ran out of memory)", () => {
    const dir = makeTempDir("correx-bad-summaries-");
    const caseLine = JSON.stringify({
      type: "case",
      id: "opencode-cli/bash/abort",
      status: "pass",
      profile: "opencode-cli",
      stage: "format",
      area: "bash",
      protocols: [],
      tags: ["bash"],
      spec: "§2.1",
      level: "must",
      golden: "matched",
      durationMs: 10,
      differences: [],
    });
    const report = (name: string, summary: Record<string, unknown>, shard: unknown) => {
      const metadata = { correxVersion: "0.1.0", subject: "reference", profiles: { "opencode-cli": "1.18.33" }, date: "2026-01-01T00:00:00.000Z", shard, filtered: true };
      const counts = { total: 1, pass: 1, fail: 0, xfail: 0, unsupported: 0, crash: 0, timeout: 0, pending: 0, updated: 0, durationMs: 687.7, judged: 1 };
      writeFileSync(`${dir}/${name}`, `${caseLine}\n${JSON.stringify({ type: "summary", ...counts, ...summary, metadata })}\n`);
      return `${dir}/${name}`;
    };
    const billion = runCli(["merge-reports", report("billion.json", {}, "1/1000000000")]);
    expect([billion.code, billion.stderr, billion.stdout]).toEqual([2, "correx merge-reports: shards 2–1000000000 of 1000000000 missing: merge every shard of the run\n", ""]);
    const zero = runCli(["merge-reports", report("zero.json", {}, "0/0")]);
    expect([zero.code, zero.stderr]).toEqual([2, `correx merge-reports: ${dir}/zero.json:2:1: /metadata/shard: expected i/n with 1 ≤ i ≤ n, found "0/0"\n`]);
    const duration = runCli(["merge-reports", report("duration.json", { durationMs: "abc" }, "1/1")]);
    expect([duration.code, duration.stderr, duration.stdout]).toEqual([
      2,
      `correx merge-reports: ${dir}/duration.json:2:1: /durationMs: expected a number of milliseconds from 0 up, found "abc"\n`,
      "",
    ]);
    const total = runCli(["merge-reports", report("total.json", { total: -5 }, "1/1")]);
    expect([total.code, total.stderr]).toEqual([2, `correx merge-reports: ${dir}/total.json:2:1: /total: expected a whole number from 0 up, found -5\n`]);
    const untyped = runCli(["merge-reports", report("untyped.json", { type: undefined }, "1/1")]);
    expect([untyped.code, untyped.stderr]).toEqual([2, `correx merge-reports: ${dir}/untyped.json:2:1: /type: missing (expected "case" or "summary")\n`]);
    const good = runCli(["merge-reports", report("good.json", {}, "1/1")]);
    expect([good.code, good.stderr]).toEqual([0, ""]);
  }, 60_000);

  it("gate --shard: a shard with nothing to run is an input error naming the run's size", () => {
    const run = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", `${repoRoot}/fixtures/scenarios/bash-echo.yaml`, "--shard", "2/2", "--", "true"]);
    expect([run.code, run.stderr]).toEqual([2, "correx gate: --shard 2/2 is empty: the run has 1 scenario run(s) (protocols × scenarios)\n"]);
    const bad = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", `${repoRoot}/fixtures/scenarios/bash-echo.yaml`, "--shard", "3/2", "--", "true"]);
    expect([bad.code, bad.stderr]).toEqual([2, 'correx gate: --shard must be i/n with 1 ≤ i ≤ n, found "3/2"\n']);
  });
});
