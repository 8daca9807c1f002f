import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findProfile } from "../../src/profiles/profile-registry.js";
import { registerTempDir } from "../temp-dirs.js";
import { gateArgs, readGateOutcomes, runGate } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 27 item 7: codex-cli's verified version range (Profile.versions). The earlier releases the
 * registry still serves (0.169.0, 0.168.0; there is no 0.170.0), each installed by .ci/run in its
 * own prefix, run a multi-call subset of the codex regression scenarios (every tool: exec_command,
 * live sessions and write_stdin, the refusals, intercepted patches, apply_patch targets and line
 * endings, view_image formats, the fixed-answer tools, serde refusals): every result byte-exact,
 * and `correx gate` warns of no version (each reports its own in its User-Agent, inside the range).
 * The whole regression suite was run once against each (issue 27's note); this keeps CI cheap.
 */
const SUBSET = [
  "codex-exec-justification",
  "codex-exec-number-arguments",
  "codex-exec-refused",
  "codex-exec-signals",
  "codex-exec-live-session",
  "codex-exec-intercepted-patch",
  "codex-exec-truncate-default",
  "codex-patch-targets",
  "codex-patch-line-endings",
  "codex-patch-failures",
  "codex-view-image-formats",
  "codex-invalid-arguments",
  "codex-other-tools",
];
const VERSIONS = ["0.169.0", "0.168.0"];
const vendored = "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex";
const binaryOf = (version: string) => `${repoRoot}/node_modules/.cache/correx-codex-${version}/${vendored}`;

describe("codex-cli's verified range", () => {
  it("names the releases this file runs, down to the oldest", () => {
    expect(findProfile("codex-cli")!.versions.verified).toEqual({ from: "0.168.0", to: "0.171.0" });
  });

  for (const version of VERSIONS) {
    const binary = binaryOf(version);
    if (!existsSync(binary)) console.warn(`test/e2e/gate-codex-versions.test.ts: Codex CLI ${version} skipped (.ci/run installs @openai/codex@${version})`);
    it.skipIf(!existsSync(binary))(
      `Codex CLI ${version}: the subset byte for byte after redaction, no version warning`,
      async () => {
        mkdirSync(`${repoRoot}/node_modules/.cache`, { recursive: true });
        // Not under the temp dir: Codex refuses to create its helper binaries in a CODEX_HOME there.
        const root = registerTempDir(mkdtempSync(join(repoRoot, `node_modules/.cache/correx-gate-codex-${version}-`)));
        try {
          const args = gateArgs({
            profile: "codex-cli",
            protocol: "openai-responses",
            configTemplate: `${repoRoot}/examples/agents/codex-config.toml.template`,
            timeoutMs: 120000,
            work: root,
            scenarioFiles: SUBSET.map((name) => `${repoRoot}/fixtures/scenarios/${name}.yaml`),
            agent: ["sh", `${repoRoot}/examples/agents/codex-exec.sh`],
          });
          const dash = args.indexOf("--");
          const run = await runGate([...args.slice(0, dash), "--model", "gpt-5.5", "--jobs", "2", ...args.slice(dash)], { CODEX_BIN: binary });
          const outcomes = readGateOutcomes(`${root}/openai-responses.json`);
          expect(
            outcomes.filter((outcome) => outcome.status !== "pass"),
            `${run.stdout}\n${run.stderr}`,
          ).toEqual([]);
          expect(outcomes.length).toBeGreaterThanOrEqual(120);
          expect(run.stderr).not.toContain("warning: the agent reports version");
          expect(run.code, run.stdout).toBe(0);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
      300000,
    );
  }
});
