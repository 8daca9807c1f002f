import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./run-cli.js";

/** Runs the whole golden corpus (CI mode: nothing written) and returns the statuses seen. */
function runCorpus(extra: string[]) {
  const run = runCli(["check", "--ci", "--reporter", "json", ...extra]);
  const rows = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; id: string; status: string; message?: string; total?: number });
  const cases = rows.filter((row) => row.type === "case");
  return { run, cases, summary: rows.at(-1)! };
}

describe("the golden corpus passes byte-exact on the reference (issues 3, 4, 5: Done-when 1)", () => {
  it("in-process: every case passes", () => {
    const { run, cases } = runCorpus([]);
    expect(cases.length).toBeGreaterThan(450);
    expect(cases.filter((row) => row.status !== "pass")).toEqual([]);
    expect(run.code).toBe(0);
  }, 120_000);

  it("through `correx adapter` over stdio: the same outcomes, case by case", () => {
    const inProcess = runCorpus([]).cases.map((row) => [row.id, row.status]);
    const { run, cases } = runCorpus(["--subject", `cmd:node ${repoRoot}/dist/cli/correx.js adapter`, "--timeout", "60000"]);
    expect(cases.map((row) => [row.id, row.status])).toEqual(inProcess);
    expect(run.code).toBe(0);
  }, 300_000);

  it("has at least 80 opencode-core and 100 opencode-cli format/truncate cases, and 60 lowering cases per profile (each must cite a § section: schemas/case.json)", () => {
    const { cases } = runCorpus([]);
    const count = (prefix: string, stages: RegExp) => cases.filter((row) => row.id.startsWith(prefix) && stages.test(row.id.split("/")[1])).length;
    expect(count("opencode-core/", /^(?!lower$)/)).toBeGreaterThanOrEqual(80);
    expect(count("opencode-cli/", /^(?!lower$)/)).toBeGreaterThanOrEqual(100);
    expect(count("opencode-core/", /^lower$/)).toBeGreaterThanOrEqual(60);
    expect(count("opencode-cli/", /^lower$/)).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
