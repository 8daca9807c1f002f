import type { RedactionRule } from "../../golden/redact.js";

/**
 * Claude Code's volatile values and their tokens (docs/spec/claude-code-2.1.332.md §8): the saved
 * file of a persisted output (under the config directory's project folder, the session's id and a
 * random name), tool-use ids, and session folders.
 */
export const claudeRedactions: readonly RedactionRule[] = [
  // The persisted-output path, whichever store wrote it. §3.3
  { pattern: /(Full output saved to: )\S+/g, token: "$1[PERSISTED_OUTPUT]", requires: "Full output saved to: " },
  // A session folder (a UUID) under the config directory's projects. §8
  { pattern: /\/projects\/[^\s/]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//g, token: "/projects/[PROJECT]/[SESSION]/", requires: "/projects/" },
];
