/**
 * The scenario lists of the two opencode end-to-end suites, per protocol: gate-opencode.test.ts
 * (opencode-cli, `opencode run`, v1) and gate-opencode-core.test.ts (opencode-core, `opencode
 * serve`, v2). test/opencode-category-coverage.test.ts reads them to hold issue 30's category ×
 * protocol matrix (README "Coverage by category and protocol").
 */

const cliScenarios = [
  "bash-echo",
  "bash-nonzero-exit-stderr",
  "bash-no-output",
  "bash-timeout",
  "bash-over-both-limits",
  "read-small",
  "read-offset-limit",
  "read-over-2000-lines",
  "read-byte-cap",
  "read-long-line",
  "read-directory",
  "read-missing-suggestions",
  "read-binary",
  "read-png",
  "write-new",
  "write-overwrite",
  "edit-success",
  "edit-not-found",
  "glob-match",
  "glob-none",
  "glob-over-100",
  "grep-match",
  "grep-none",
  "grep-over-100",
  "invalid-arguments",
  "unknown-tool",
  "parallel-read-bash",
  "webfetch-small",
  "webfetch-over-limit",
  "edit-line-endings-bom",
  "edit-fuzzy-v1",
  "v1-filesystem-errors",
  "grep-paths-and-errors",
  "v1-bash-signal-and-decoding",
  "v1-argument-and-output-texts",
  // issue 30: opencode run rejects every permission ask and its loop stops (the run ends at the call);
  // permission-rules: the config's rules (deny texts, continue_loop_on_deny, the .env read rules
  // that permission-env-read held, in the same agent run)
  "permission-asks",
  "permission-rules",
  // issue 30: task runs its child on the scenario's subagents (spec §2.13)
  "task-subagents",
];

/**
 * openai-responses was added last (issue 30) and lowers through the same v1 formatters as the other
 * three: CI runs one scenario per category on it (every tool, images, errors, parallel calls,
 * permission asks), which keeps `.ci/run` inside its budget on 2 cores. All 37 passed on it once,
 * 84/84 tool results (README "correx gate"). google-gemini runs the same per-category list since
 * stop 37 (.ci/run measured 63m42s with all 37 there; all 37 had passed on it in every CI run).
 */
const cliResponsesScenarios = [
  "bash-echo",
  "bash-over-both-limits",
  "read-small",
  "read-png",
  "write-new",
  "edit-success",
  "glob-match",
  "grep-match",
  "webfetch-small",
  "invalid-arguments",
  "unknown-tool",
  "parallel-read-bash",
  "v1-filesystem-errors",
  "permission-asks",
];

/**
 * Scenarios run on one protocol only: the rule they pin is the runtime's, the same on every
 * protocol, and one agent run keeps `.ci/run` inside its budget. issue 30: the instruction-file
 * reminder of v1 read (spec §2.2 step 9), 13 reads in two turns; v1 write under edit rules
 * (§2.15 rules), 6 calls in two turns.
 */
const cliAnthropicOnlyScenarios = ["opencode-instruction-files", "v1-write-edit-rules"];

/**
 * issue 30: one agent run holding one call of each category the shorter lists lack (provider
 * faults, symlink, trailing slash, instruction file, bash timeout with partial output, webfetch
 * failure, subagent, a call of the config's MCP tool: v1 runs it, v2 offers no MCP tool and
 * answers its unknown-tool error), run on every protocol of both suites.
 */
const categorySampler = "opencode-category-sampler";

/** opencode-cli (v1): the scenarios gate-opencode.test.ts runs on each protocol. */
export const opencodeCliScenarios = {
  "openai-chat": [...cliScenarios, categorySampler],
  "anthropic-messages": [...cliScenarios, ...cliAnthropicOnlyScenarios, categorySampler],
  "google-gemini": [...cliResponsesScenarios, categorySampler],
  "openai-responses": [...cliResponsesScenarios, categorySampler],
} as const;

const coreScenarios = [
  "bash-echo",
  "bash-nonzero-exit-stderr",
  "bash-no-output",
  "bash-timeout",
  "bash-over-both-limits",
  "bash-workdir",
  "read-small",
  "read-offset-limit",
  "read-over-2000-lines",
  "read-byte-cap",
  "read-long-line",
  "read-directory",
  "read-png",
  "read-missing-absolute",
  "read-missing-suggestions",
  "read-binary",
  "read-invalid-utf8",
  "read-offset-out-of-range",
  "write-new",
  "write-overwrite",
  "write-nested-new",
  "edit-success",
  "edit-not-found",
  "edit-multiple-matches",
  "edit-replace-all",
  "glob-match",
  "glob-none",
  "glob-over-100",
  "grep-match",
  "grep-none",
  "grep-over-100",
  "invalid-arguments",
  "unknown-tool",
  "parallel-read-bash",
  "parallel-two-bash",
  "todowrite-two",
  "core-argument-bounds",
  "edit-line-endings-bom",
  "webfetch-over-limit",
  "grep-paths-and-errors",
  "core-bash-footer-and-capture",
  // also a PNG and a PDF read under declared modalities [text, pdf]: v2 ignores them (spec §2.2b)
  "core-defects",
  // issue 30: permission asks answered through the server's API (once, always, reject), never a hang;
  // permission-rules: the config's rules (denials, a configured ask; the .env read rules that
  // permission-env-read held, in the same agent run)
  "permission-asks",
  "permission-rules",
  // issue 30: v2 read reminds no instruction file below the workspace (spec §2.2 step 9); the same scenario pins v1's reminder on anthropic-messages in gate-opencode.test.ts
  "opencode-instruction-files",
];

/**
 * openai-responses lowers through the same v2 runner as the other two: CI runs one scenario per
 * category on it (every tool, images, errors, defects, parallel calls, permission asks), which keeps
 * `.ci/run` inside its budget on 2 cores as the other agents' suites grow. All of `scenarios` passed
 * on it in every CI run up to stop 36 (44 × 3 protocols).
 */
const coreResponsesScenarios = [
  "bash-echo",
  "bash-over-both-limits",
  "core-bash-footer-and-capture",
  "read-small",
  "read-png",
  "read-missing-suggestions",
  "write-new",
  "edit-success",
  "edit-line-endings-bom",
  "glob-match",
  "grep-paths-and-errors",
  "webfetch-over-limit",
  "todowrite-two",
  "invalid-arguments",
  "core-argument-bounds",
  "unknown-tool",
  "parallel-read-bash",
  // also a PNG and a PDF read under declared modalities [text, pdf]: v2 ignores them (spec §2.2b)
  "core-defects",
  "permission-asks",
];

/**
 * opencode-core (v2): the scenarios gate-opencode-core.test.ts runs on each protocol. anthropic-messages
 * runs the per-category list since stop 37 (.ci/run measured 63m42s with all 44 there). No
 * google-gemini: the v2 runner of 1.18.33 has no Google provider (docs/decisions/gate-v2-runner.md
 * "No Google provider").
 */
export const opencodeCoreScenarios = {
  "openai-chat": [...coreScenarios, categorySampler],
  "anthropic-messages": [...coreResponsesScenarios, categorySampler],
  "openai-responses": [...coreResponsesScenarios, categorySampler],
} as const;
