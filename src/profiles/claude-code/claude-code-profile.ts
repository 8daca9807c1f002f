import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { BASH_MAX_OUTPUT_LENGTH, formatClaudeBash } from "./bash/format-claude-bash.js";
import { claudeAfterNotes } from "./claude-after-notes.js";
import { claudeRedactions } from "./claude-redactions.js";
import { formatClaudeTool } from "./format-claude-tool.js";
import { claudeMcpRedactions } from "./mcp/claude-mcp-redactions.js";
import { formatClaudeMcp, isClaudeMcpObservation } from "./mcp/format-claude-mcp.js";
import { claudeMcpToolName } from "./mcp/mcp-tool-name.js";
import { runClaudeMcp } from "./mcp/run-claude-mcp.js";
import { runClaudeTool } from "./run-claude-tool.js";

/**
 * The `claude-code` profile: Anthropic's Claude Code 2.1.332 run headless (`claude -p`) with its
 * default model claude-opus-5-5, over anthropic-messages. `format` returns the `tool_result`
 * block's `content` and `is_error` (schemas/claude-code/tool-result.json); `truncate` is the Bash
 * output rule (persisted past 30,000 characters).
 * @see docs/spec/claude-code-2.1.332.md
 */
export const claudeCode: Profile = {
  id: "claude-code",
  /** MCP tools: @see mcp/mcp-tool-name.ts */
  mcpToolName: claudeMcpToolName,
  version: "2.1.332",
  redactions: [...claudeRedactions, ...claudeMcpRedactions],
  afterNotes: claudeAfterNotes,
  // Read, Edit and Write observe file-read and file-changed facts too, but a call refused by input
  // validation observes nothing ({}), which those schemas (path required) would reject in the corpus.
  // `bash` and `read` are not Claude Code tools (unknown, spec §7.1): they observe nothing, so they
  // take the one kind that accepts {} rather than opencode's observations/bash and observations/read.
  observationKinds: { Bash: "observations/command-run", bash: "observations/command-run", read: "observations/command-run" },
  format: (request, store) => (isClaudeMcpObservation(request.observation) ? formatClaudeMcp(request.observation) : formatClaudeTool(request, store)),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("claude-code truncate takes `text` (a successful Bash output)");
    const result = formatClaudeBash({ output: request.text, exitCode: 0 }, store);
    return { result: result.content, truncated: request.text.replace(/^\n+/, "").trimEnd().length > BASH_MAX_OUTPUT_LENGTH };
  },
  /** Runs a call with Claude Code's rules. @see spec §3–§7 */
  observe: async (call, environment) => (await runClaudeMcp(call, environment)) ?? runClaudeTool(call, environment),
};
