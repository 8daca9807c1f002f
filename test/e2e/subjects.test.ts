import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { repoRoot, runCli } from "./run-cli.js";

const miniature = (flaw: string) => `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs ${flaw}`;

function outcomes(subject: string, extra: string[] = []) {
  const root = makeCorpus();
  const run = runCli(["check", "--root", root, "--update", "no", "--subject", subject, "--reporter", "json", ...extra]);
  const rows = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; id: string; status: string; message?: string });
  return { code: run.code, byId: Object.fromEntries(rows.filter((row) => row.type === "case").map((row) => [row.id, row.status])), rows };
}

const ids = {
  noOutput: "opencode-cli/bash/no-output",
  merged: "opencode-cli/bash/merged-stdout-stderr",
  core: "opencode-core/bash/echo-two-parts",
  truncate: "opencode-cli/truncate/head-by-lines",
};

describe("check reports each miniature subject's one flaw (style point 14)", () => {
  it("the reference over the adapter protocol passes everything", () => {
    const { code, byId } = outcomes(`cmd:node ${repoRoot}/dist/cli/correx.js adapter`);
    expect(byId).toEqual({ [ids.noOutput]: "pass", [ids.merged]: "pass", [ids.core]: "pass", [ids.truncate]: "pass" });
    expect(code).toBe(0);
  });
  it("a correct miniature passes everything", () => {
    expect(outcomes(miniature("correct")).code).toBe(0);
  });
  it("dropping a final newline fails only the case whose output ends in one", () => {
    const { code, byId } = outcomes(miniature("drops-final-newline"));
    expect(byId).toEqual({ [ids.noOutput]: "pass", [ids.merged]: "fail", [ids.core]: "pass", [ids.truncate]: "pass" });
    expect(code).toBe(1);
  });
  it("truncating one byte early fails the string outputs", () => {
    const { byId } = outcomes(miniature("one-byte-short"));
    expect(byId).toEqual({ [ids.noOutput]: "fail", [ids.merged]: "fail", [ids.core]: "pass", [ids.truncate]: "pass" });
  });
  it("a crash on format costs those cases only; the restarted subject serves the rest", () => {
    const { code, byId } = outcomes(miniature("crash-on-format"));
    expect(byId).toEqual({ [ids.noOutput]: "crash", [ids.merged]: "crash", [ids.core]: "crash", [ids.truncate]: "pass" });
    expect(code).toBe(1);
  });
  it("a hang on format times out per case and the run completes", () => {
    const { byId } = outcomes(miniature("hang-on-format"), ["--timeout", "400"]);
    expect(byId).toEqual({ [ids.noOutput]: "timeout", [ids.merged]: "timeout", [ids.core]: "timeout", [ids.truncate]: "pass" });
  });
  for (const flaw of ["garbage-line", "invalid-json-reply", "dies-mid-response", "wrong-id"]) {
    it(`${flaw}: every case is a crash, and the run goes on to the end`, () => {
      const { code, byId, rows } = outcomes(miniature(flaw));
      expect(Object.values(byId)).toEqual(["crash", "crash", "crash", "crash"]);
      expect(rows.at(-1)).toMatchObject({ type: "summary", total: 4, crash: 4 });
      expect(code).toBe(1);
    });
  }
});

describe("the README's example subjects (examples/subjects) title a bash result as the reference does (issue 31)", () => {
  for (const subject of [`module:${repoRoot}/examples/subjects/bash-module.mjs`, `cmd:node ${repoRoot}/examples/subjects/bash-adapter.mjs`]) {
    it(`${subject.split("/").at(-1)}: a call with a description is titled by its command (spec §2.1)`, () => {
      const run = runCli(["check", "--ci", "--subject", subject, "--case", "opencode-cli/bash/description-argument", "--reporter", "tap"]);
      expect(run.stdout).toContain("ok 1 - opencode-cli/bash/description-argument (§2.1)");
      expect(run.code).toBe(0);
    });
  }
});
