import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { readGateOutcomes, runGate } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 26 item 8: the range of Claude Code releases the claude-code profile holds
 * (`versions.verified`, 2.1.331 to 2.1.332). .ci/run installs 2.1.331 and 2.1.330 beside 2.1.332
 * (node_modules/.cache/correx-claude-<version>). 2.1.331 passes a cheap subset of the claude
 * suite (one scenario of each tool family, 123 calls) with no version warning; 2.1.330 is outside:
 * the gate warns, and the only calls that differ are the notes 2.1.331 added for model-facing
 * aliases (`bash_tool`, `create_file`, `view`, `str_replace`, `web_search`, `web_fetch`, spec §7.1),
 * where 2.1.330 sends the plain unknown-tool message — which is why the range starts at 2.1.331.
 * The whole suite of test/e2e/gate-claude.test.ts passed against 2.1.331 too (run once by hand,
 * docs/spec/claude-code-2.1.332.md §0.3).
 */
const SUBSET = [
  "claude-bash-echo",
  "claude-bash-exit-stderr",
  "claude-bash-cwd",
  "claude-read-small",
  "claude-read-ranges",
  "claude-edit-success",
  "claude-edit-refusals",
  "claude-write-new",
  "claude-unknown-names",
  "claude-invalid-arguments",
  "claude-deferred-tools",
  "claude-harness-tools",
];

const binaryOf = (version: string) => `${repoRoot}/node_modules/.cache/correx-claude-${version}/node_modules/@anthropic-ai/claude-code-linux-x64/claude`;
const missing = ["2.1.331", "2.1.330"].filter((version) => !existsSync(binaryOf(version)));
if (missing.length > 0) console.warn(`test/e2e/gate-claude-versions.test.ts skipped: Claude Code ${missing.join(", ")} not installed (.ci/run installs them)`);

const WARNING = "correx gate: warning: the agent reports version";

async function gateAgainst(version: string, scenarios: readonly string[]) {
  const work = makeTempDir(`correx-gate-claude-${version}-`);
  const run = await runGate(
    [
      "--profile",
      "claude-code",
      "--protocol",
      "anthropic-messages",
      "--model",
      "claude-opus-5-5",
      "--timeout",
      "600000",
      ...scenarios.flatMap((name) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`]),
      "--reporter",
      `json=${work}/report.json`,
      "--",
      "sh",
      `${repoRoot}/examples/agents/claude-code.sh`,
    ],
    { CLAUDE_BIN: binaryOf(version) },
  );
  return { run, outcomes: readGateOutcomes(`${work}/report.json`) };
}

describe.skipIf(missing.length > 0)("claude-code's verified range against earlier Claude Code releases", () => {
  it("2.1.331 (the range's low end): the subset is byte-exact and the gate does not warn", async () => {
    const { run, outcomes } = await gateAgainst("2.1.331", SUBSET);
    expect(run.stderr.split("\n").filter((line) => line.startsWith(WARNING))).toEqual([]);
    expect(outcomes.length).toBe(123);
    expect(outcomes.filter((outcome) => outcome.status !== "pass").map((outcome) => outcome.id)).toEqual([]);
  }, 600_000);

  it("2.1.330 (outside): one warning naming the range, and only the alias notes 2.1.331 added differ", async () => {
    const { run, outcomes } = await gateAgainst("2.1.330", ["claude-unknown-names"]);
    expect(run.stderr.split("\n").filter((line) => line.startsWith(WARNING))).toEqual([
      "correx gate: warning: the agent reports version 2.1.330 (its User-Agent), outside the versions profile claude-code is verified against (2.1.331 to 2.1.332); a difference may be a change in the agent, not a fault",
    ]);
    const failed = outcomes.filter((outcome) => outcome.status !== "pass");
    expect(failed.map((outcome) => outcome.message?.match(/call toolu_\d+_\d+ (\S+) /)?.[1])).toEqual(["bash_tool", "create_file", "view", "str_replace", "web_search", "web_fetch"]);
    expect(outcomes.length - failed.length).toBe(21);
  }, 600_000);
});
