import { chmodSync, existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { greenScenarioCount, runGateGroups } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 18, Done-when 1: `correx gate --profile claude-code` against the real Claude Code 2.1.332
 * (`@anthropic-ai/claude-code`, installed by .ci/run into node_modules/.cache/correx-claude; the
 * native binary of its optional dependency @anthropic-ai/claude-code-linux-x64), every scenario
 * below on anthropic-messages with the binary's default model claude-opus-5-5, on 127.0.0.1 only
 * (inside a loopback-only network namespace when running as root). Every tool result, and every
 * note sent after it, must equal the profile's byte for byte after the profile's redactions and
 * its after-notes rule (docs/spec/claude-code-2.1.332.md §2.3, §8).
 */
const scenarios = [
  "claude-bash-echo",
  "claude-bash-exit-stderr",
  "claude-bash-persisted",
  "claude-bash-error-cut",
  "claude-bash-timeout",
  "claude-bash-exit-semantics",
  // The shell's grep and find run the binary's embedded ugrep and bfs (spec §3.1), exit 1 read as success (§3.4).
  "claude-bash-grep-find",
  "claude-edit-modified-since-read",
  "claude-bash-bytes",
  "claude-bash-description",
  "claude-parallel",
  "claude-parallel-finish-order",
  "claude-read-small",
  "claude-read-ranges",
  "claude-read-missing",
  "claude-read-relative",
  "claude-read-long",
  "claude-read-size-cap",
  "claude-read-token-cap",
  "claude-read-token-cap-high",
  "claude-read-corners",
  "claude-edit-success",
  "claude-edit-refusals",
  "claude-edit-create",
  "claude-edit-then-read",
  "claude-write-new",
  "claude-write-overwrite",
  "claude-write-then-edit",
  "claude-unknown-tool",
  "claude-invalid-arguments",
  "claude-unknown-names",
  "claude-bash-cwd",
  "claude-read-kinds",
  "claude-edit-aliases",
  "claude-deferred-tools",
  "claude-notebook-edit",
  "claude-edit-line-endings",
  "claude-harness-tools",
  "claude-read-pdf",
  "claude-bash-changes-read-file",
  "claude-bash-changed-written",
  "claude-bash-changed-secret-names",
  "claude-bash-cat-known",
  "claude-from-result",
  "claude-bash-modes",
  "claude-agent-foreground",
  // Run as user nobody (agent.user, spec §12.1): the permission-denied texts. Only root can start
  // an agent as another user (the gate runs as root in CI; elsewhere the scenario is an input error).
  ...(process.getuid?.() === 0 ? ["claude-permissions"] : []),
];

/** Where the native binary may be: $CLAUDE_BIN, or .ci/run's prefix. */
function findClaudeBinary(): string | null {
  const candidates = [process.env.CLAUDE_BIN, `${repoRoot}/node_modules/.cache/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude`];
  return candidates.find((path): path is string => path !== undefined && existsSync(path)) ?? null;
}

const binary = findClaudeBinary();
const skipReason = binary === null ? "the Claude Code 2.1.332 native binary is not installed (.ci/run installs @anthropic-ai/claude-code@2.1.332 from npm)" : null;
if (skipReason) console.warn(`test/e2e/gate-claude.test.ts skipped: ${skipReason}`);

/** Gate processes run at once; each runs its share of the scenarios one after another. */
const GROUPS = 4;

describe.skipIf(skipReason !== null)("correx gate --profile claude-code against the real Claude Code 2.1.332", () => {
  it(
    "every tool result of every scenario equals the profile's, byte for byte after redaction",
    async () => {
      const work = makeTempDir("correx-gate-claude-");
      // claude-permissions runs the agent as nobody, who must be able to search the folders above its run directory (the gate opens only the work root).
      chmodSync(work, 0o711);
      const outcomes = await runGateGroups({
        work,
        scenarios,
        groups: GROUPS,
        args: ["--profile", "claude-code", "--protocol", "anthropic-messages", "--model", "claude-opus-5-5", "--timeout", "600000"],
        agent: ["sh", `${repoRoot}/examples/agents/claude-code.sh`],
        env: { CLAUDE_BIN: binary! },
      });
      const green = greenScenarioCount(outcomes);
      console.log(`correx gate vs Claude Code 2.1.332: ${green} of ${scenarios.length} scenarios green, ${outcomes.length} tool results`);
      expect(green).toBe(scenarios.length);
      expect(green).toBeGreaterThanOrEqual(38);
    },
    60 * 60 * 1000,
  );
});
