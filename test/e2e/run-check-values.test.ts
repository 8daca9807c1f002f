import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createReferenceSubject } from "../../src/conformance/reference-subject.js";
import { runCheck } from "../../src/conformance/run-check.js";
import { nodeGoldenPort } from "../../src/golden/node-golden-port.js";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir } from "./run-cli.js";

/** Runs the small fixture corpus in-process with one golden changed, so one case fails. */
async function runWithOneFailure(keepPassingValues: boolean | undefined) {
  const root = makeCorpus();
  const broken = join(root, "golden", "opencode-cli/bash/no-output.yaml");
  writeFileSync(broken, readFileSync(broken, "utf8").replace(`output: "(no output)"`, `output: "(no output) "`));
  const run = await runCheck({
    port: nodeGoldenPort,
    location: { casesRoot: join(root, "fixtures/cases"), goldenRoot: join(root, "golden") },
    filter: { profiles: [], protocols: [], stages: [], tags: [], caseGlobs: [] },
    subject: createReferenceSubject(),
    update: "none",
    outputDir: makeTempDir("correx-output-"),
    timeoutMs: 10_000,
    ...(keepPassingValues === undefined ? {} : { keepPassingValues }),
  });
  const failed = run.outcomes.find((outcome) => outcome.id === "opencode-cli/bash/no-output");
  const passed = run.outcomes.filter((outcome) => outcome.status === "pass");
  return { failed, passed };
}

describe("runCheck: which outcomes keep their values (design: outcomes)", () => {
  it("keeps actual, expected and input on every outcome by default (the HTML report shows them)", async () => {
    const { failed, passed } = await runWithOneFailure(undefined);
    expect(passed).toHaveLength(3);
    for (const outcome of [...passed, failed!]) {
      expect(Object.keys(outcome)).toEqual(expect.arrayContaining(["actual", "expected", "input"]));
    }
  });

  it("with keepPassingValues false, drops them from passing outcomes only; a failure keeps its values and diff", async () => {
    const { failed, passed } = await runWithOneFailure(false);
    expect(passed).toHaveLength(3);
    for (const outcome of passed) {
      expect(outcome).not.toHaveProperty("actual");
      expect(outcome).not.toHaveProperty("expected");
      expect(outcome).not.toHaveProperty("input");
    }
    expect(failed?.status).toBe("fail");
    expect((failed?.actual as { result: { output: string } }).result.output).toBe("(no output)");
    expect((failed?.expected as { result: { output: string } }).result.output).toBe("(no output) ");
    expect(failed?.differences.map((difference) => difference.pointer)).toEqual(["/result/output"]);
  });
});
