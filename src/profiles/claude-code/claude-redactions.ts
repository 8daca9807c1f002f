import type { RedactionRule } from "../../golden/redact.js";

/**
 * Claude Code's volatile values and their tokens (docs/spec/claude-code-2.1.332.md §8): the saved
 * file of a persisted output (under the config directory's project folder, the session's id and a
 * random name), tool-use ids, session folders, and a subagent's id and usage.
 */
export const claudeRedactions: readonly RedactionRule[] = [
  // The persisted-output path, whichever store wrote it. §3.3
  { pattern: /(Full output saved to: )\S+/g, token: "$1[PERSISTED_OUTPUT]", requires: "Full output saved to: " },
  // A session folder (a UUID) under the config directory's projects. §8
  { pattern: /\/projects\/[^\s/]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//g, token: "/projects/[PROJECT]/[SESSION]/", requires: "/projects/" },
  // A subagent's id (`a` and 16 random hex digits) and its usage's tokens and duration, in an Agent hand-back. §11.1
  { pattern: /(agentId: |to: ')a[0-9a-f]{16}\b/g, token: "$1[AGENT_ID]", requires: "agentId: " },
  // A background agent's transcript file, under the temp folder of the user's id. §11.1
  {
    pattern: /(output_file: )\/tmp\/claude-\d+\/[^\s/]+\/[^\s/]+\/tasks\/a[0-9a-f]{16}\.output/g,
    token: "$1[AGENT_OUTPUT_FILE]",
    requires: "output_file: ",
  },
  // The temp file Write and Edit write beside a file before renaming it over (`.tmp.<pid>.<6 random bytes in hex>`), named when its open is refused. §6.1, §12
  { pattern: /(\.tmp\.)\d+\.[0-9a-f]{12}'/g, token: "$1[PID].[RANDOM]'", requires: ".tmp." },
  { pattern: /(<usage>subagent_tokens: )\d+(\ntool_uses: \d+\nduration_ms: )\d+(<\/usage>)/g, token: "$1[TOKENS]$2[DURATION_MS]$3", requires: "<usage>subagent_tokens: " },
];
