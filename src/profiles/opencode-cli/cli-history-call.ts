import type { FormatOptions } from "../profile.js";
import { INVALID_TOOL_TITLE, unavailableToolMessage } from "./invalid/format-invalid.js";
import { BUILT_IN_TOOLS, defaultAvailableTools, resolveToolName } from "./tool-availability.js";

/**
 * The tool name and input a v1 call carries in history: an unknown tool becomes `invalid`; an MCP
 * tool of the agent's config (one the profile formatted as MCP, not as the `invalid` tool) keeps
 * its name — Gemini's `functionResponse.name` shows it (observed: `docs_lookup` on google-gemini,
 * issue 30's coverage run). @see spec §2.0, §2.14, README "unknown tool"
 */
export function cliHistoryCall(tool: string, input: unknown, options: FormatOptions, formattedAs?: { title?: string }): { tool: string; input: unknown } {
  const available = options.availableTools ?? defaultAvailableTools(options.model, options.provider);
  const resolved = resolveToolName(tool, available);
  if (resolved !== undefined) return { tool: resolved, input };
  if (BUILT_IN_TOOLS.has(tool)) return { tool, input };
  if (formattedAs !== undefined && formattedAs.title !== INVALID_TOOL_TITLE) return { tool, input };
  return { tool: "invalid", input: { tool, error: unavailableToolMessage(tool, available) } };
}
