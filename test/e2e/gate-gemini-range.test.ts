import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findProfile } from "../../src/profiles/profile-registry.js";
import { makeTempDir } from "../temp-dirs.js";
import { greenScenarioCount, readGateOutcomes, runGate } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 28 item 6: gemini-cli's verified version range. The releases before 0.61.0 that the
 * registry still serves and .ci/run installs (node_modules/.cache/correx-gemini-<version>) run a
 * cheap subset of test/e2e/gate-gemini.test.ts's scenarios (one agent start per scenario, a tool of
 * every kind): every tool result must equal the 0.61.0 profile's byte for byte, and no scenario
 * may warn that the agent is outside the range the profile states (`versions.verified`).
 */
const scenarios = [
  "gemini-parallel",
  "gemini-shell-exit-stderr",
  "gemini-read-ranges",
  "gemini-list-directory",
  "gemini-write-file",
  "gemini-replace",
  "gemini-search",
  "gemini-write-todos",
  "gemini-unknown-tool",
  "gemini-invalid-arguments",
  "gemini-plan-mode",
];

const OLDER = ["0.60.0", "0.59.0"];
const bundleOf = (version: string) => `${repoRoot}/node_modules/.cache/correx-gemini-${version}/node_modules/@google/gemini-cli/bundle/gemini.js`;
const { ripgrepAvailable } = await import("../../src/environment/ripgrep-available.js");
const rg = await ripgrepAvailable();
if (!rg) console.warn("test/e2e/gate-gemini-range.test.ts skipped: ripgrep (rg) is not installed (.ci/run installs Debian's ripgrep)");

describe("gemini-cli's verified range: earlier Gemini CLI releases against the 0.61.0 profile", () => {
  it("the profile states the range these releases were verified in", () => {
    const profile = findProfile("gemini-cli")!;
    expect(profile.versions?.verified).toEqual({ from: "0.59.0", to: "0.61.0" });
  });

  for (const version of OLDER) {
    const bundle = bundleOf(version);
    const skip = !rg || !existsSync(bundle);
    if (!existsSync(bundle))
      console.warn(`test/e2e/gate-gemini-range.test.ts: Gemini CLI ${version} is not installed (.ci/run installs it into node_modules/.cache/correx-gemini-${version}); skipped`);
    it.skipIf(skip)(
      `Gemini CLI ${version}: every tool result of ${scenarios.length} scenarios equals the profile's, and the gate does not warn about its version`,
      async () => {
        const work = makeTempDir(`correx-gate-gemini-${version}-`);
        const run = await runGate(
          [
            "--profile",
            "gemini-cli",
            "--protocol",
            "google-gemini",
            "--model",
            "gemini-2.5-pro",
            "--config-template",
            `${repoRoot}/examples/agents/gemini-settings.json.template`,
            "--timeout",
            "300000",
            "--jobs",
            "2",
            "--work-dir",
            `${work}/runs`,
            "--reporter",
            `json=${work}/report.json`,
            ...scenarios.flatMap((name) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`]),
            "--",
            "sh",
            `${repoRoot}/examples/agents/gemini-cli.sh`,
          ],
          { GEMINI_JS: bundle },
        );
        const outcomes = readGateOutcomes(`${work}/report.json`);
        const green = greenScenarioCount(outcomes);
        console.log(`correx gate vs Gemini CLI ${version}: ${green} of ${scenarios.length} scenarios green, ${outcomes.length} tool results`);
        expect(outcomes.filter((outcome) => outcome.status !== "pass").map((outcome) => `${outcome.id}: ${outcome.status} ${outcome.message ?? ""}`)).toEqual([]);
        expect(green).toBe(scenarios.length);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr.split("\n").filter((line) => line.startsWith("correx gate: warning: the agent reports"))).toEqual([]);
      },
      20 * 60 * 1000,
    );
  }
});
