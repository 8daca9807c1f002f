import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { repoRoot, runCli } from "./run-cli.js";

const cases = [
  "opencode-cli/bash/no-output",
  "opencode-cli/bash/merged-stdout-stderr",
  "opencode-cli/bash/timeout-requested",
  "opencode-cli/bash/tail-by-lines",
  "opencode-cli/bash/abort",
  "opencode-cli/bash/timeout-zero",
  "opencode-cli/truncate/head-by-lines",
  "opencode-core/bash/echo-two-parts",
];

describe("the Python example adapter (examples/python-adapter, issue 6 Done-when 4)", () => {
  it("gets exactly the outcomes its imperfections should cause, and the run completes", () => {
    const root = makeCorpus(cases);
    const run = runCli(["check", "--root", root, "--update", "no", "--timeout", "1500", "--subject", `cmd:python3 ${repoRoot}/examples/python-adapter/adapter.py`, "--reporter", "json"]);
    const rows = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; id: string; status: string });
    expect(Object.fromEntries(rows.filter((row) => row.type === "case").map((row) => [row.id, row.status]))).toEqual({
      "opencode-cli/bash/abort": "crash", // exits on aborted: true
      "opencode-cli/bash/merged-stdout-stderr": "pass",
      "opencode-cli/bash/no-output": "pass",
      "opencode-cli/bash/tail-by-lines": "fail", // never tail-truncates
      "opencode-cli/bash/timeout-requested": "pass",
      "opencode-cli/bash/timeout-zero": "timeout", // loops on timeout 0
      "opencode-cli/truncate/head-by-lines": "unsupported",
      "opencode-core/bash/echo-two-parts": "unsupported",
    });
    expect(rows.at(-1)).toMatchObject({ type: "summary", total: 8, pass: 3, fail: 1, crash: 1, timeout: 1, unsupported: 2 });
    expect(run.code).toBe(1);
  }, 30_000);
});
