import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { greenScenarioCount, runGateGroups } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 17, Done-when 1 (and issue 28's scenarios): `correx gate --profile gemini-cli` against the real Gemini CLI 0.61.0
 * (`@google/gemini-cli`, installed by .ci/run into node_modules/.cache/correx-gemini), every
 * scenario below on google-gemini with `-m gemini-2.5-pro`, on 127.0.0.1 only (inside a
 * loopback-only network namespace when running as root). Every tool result must equal the
 * profile's byte for byte after the profile's redactions (docs/spec/gemini-cli-0.61.0.md §13).
 */
const scenarios = [
  "gemini-shell-echo",
  "gemini-shell-exit-stderr",
  "gemini-shell-bytes",
  "gemini-shell-signal",
  "gemini-shell-dir-path",
  "gemini-shell-refusals",
  "gemini-shell-truncation",
  "gemini-shell-background",
  "gemini-shell-env",
  "gemini-read-text",
  "gemini-read-ranges",
  "gemini-read-long",
  "gemini-read-binary",
  "gemini-read-errors",
  "gemini-list-directory",
  "gemini-list-errors",
  "gemini-write-file",
  "gemini-replace",
  "gemini-write-todos",
  "gemini-web-fetch",
  "gemini-unknown-tool",
  "gemini-invalid-arguments",
  "gemini-parallel",
  // issue 28: the tools and branches the first profile left unsupported
  "gemini-search",
  "gemini-plan-mode",
  "gemini-session-tools",
  "gemini-omission-placeholders",
  "gemini-replace-path-correction",
  // issue 28, session 6: update_topic answered first (the gate matches by the ids' index); the differential campaign's findings
  "gemini-update-topic-order",
  "gemini-differential-regressions",
  // issue 28: the background history (pids from earlier results through $fromResult)
  "gemini-background-history",
  // issue 28: the unseen scenarios (written from the docs before the profile was read; never edited to pass)
  "gemini-unseen-read-kinds",
  "gemini-unseen-read-ranges",
  "gemini-unseen-shell-dir",
  "gemini-unseen-shell-output",
  "gemini-unseen-list",
  "gemini-unseen-write",
  "gemini-unseen-replace",
  "gemini-unseen-grep",
  "gemini-unseen-glob",
  "gemini-unseen-web-fetch",
  "gemini-unseen-unknown-parallel",
  "gemini-unseen-invalid-args",
  // issue 28, session 7: the second unseen batch's scenarios whose fails and unsupported calls became rules (grep_search's
  // file-discovery filter, web_fetch's .internal names, google_web_search/activate_skill/invoke_agent refusals in and out of
  // plan mode); the other 15 passed as the profile stood and run in the README's unseen figures
  "gemini-unseen2-ignore-files",
  "gemini-unseen2-grep-ignore-lf",
  "gemini-unseen2-web-topic-todos",
  "gemini-unseen2-agents",
];

/** Where the CLI's bundle may be: $GEMINI_JS, or .ci/run's prefix. */
function findGeminiBundle(): string | null {
  const candidates = [process.env.GEMINI_JS, `${repoRoot}/node_modules/.cache/correx-gemini/node_modules/@google/gemini-cli/bundle/gemini.js`];
  return candidates.find((path): path is string => path !== undefined && existsSync(path)) ?? null;
}

const bundle = findGeminiBundle();
const { ripgrepAvailable } = await import("../../src/environment/ripgrep-available.js");
// grep_search is modelled with the ripgrep strategy, which the CLI takes when rg is on PATH (spec §0.2)
const skipReason =
  bundle === null
    ? "the Gemini CLI 0.61.0 bundle is not installed (.ci/run installs @google/gemini-cli@0.61.0 from npm)"
    : !(await ripgrepAvailable())
      ? "ripgrep (rg) is not installed (.ci/run installs Debian's ripgrep)"
      : null;
if (skipReason) console.warn(`test/e2e/gate-gemini.test.ts skipped: ${skipReason}`);

/** Gate processes run at once; each runs its share of the scenarios one after another. */
const GROUPS = 4;

describe.skipIf(skipReason !== null)("correx gate --profile gemini-cli against the real Gemini CLI 0.61.0", () => {
  it(
    "every tool result of every scenario equals the profile's, byte for byte after redaction",
    async () => {
      const work = makeTempDir("correx-gate-gemini-");
      const outcomes = await runGateGroups({
        work,
        scenarios,
        groups: GROUPS,
        args: [
          "--profile",
          "gemini-cli",
          "--protocol",
          "google-gemini",
          "--model",
          "gemini-2.5-pro",
          "--config-template",
          `${repoRoot}/examples/agents/gemini-settings.json.template`,
          "--timeout",
          "600000",
        ],
        agent: ["sh", `${repoRoot}/examples/agents/gemini-cli.sh`],
        env: { GEMINI_JS: bundle! },
      });
      const green = greenScenarioCount(outcomes);
      console.log(`correx gate vs Gemini CLI 0.61.0: ${green} of ${scenarios.length} scenarios green, ${outcomes.length} tool results`);
      expect(green).toBe(scenarios.length);
      expect(green).toBeGreaterThanOrEqual(20);
    },
    60 * 60 * 1000,
  );
});
