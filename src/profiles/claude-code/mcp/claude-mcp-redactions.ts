import type { RedactionRule } from "../../../golden/redact.js";
import { CLAUDE_MCP_SAVED_FILE } from "./format-claude-mcp.js";

/**
 * The files Claude Code saves an MCP result's images and binary content to (a random name under its
 * project folder, `…/tool-results/mcp-<server>-blob-<ms>-<random>.<ext>`): one token, path and all.
 * @see docs/spec/claude-code-2.1.332.md §10.6
 */
export const claudeMcpRedactions: readonly RedactionRule[] = [
  { pattern: /(saved to |\[Image: source: )\/\S*?\/tool-results\/mcp-[^\s\]]+/g, token: `$1${CLAUDE_MCP_SAVED_FILE}`, requires: "/tool-results/mcp-" },
];
