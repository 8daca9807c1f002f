import type { FormatOptions } from "../profile.js";
import { unavailableToolMessage } from "./invalid/format-invalid.js";
import { BUILT_IN_TOOLS, defaultAvailableTools, resolveToolName } from "./tool-availability.js";

/** The tool name and input a v1 call carries in history: an unknown tool becomes `invalid`. @see spec §2.0, README "unknown tool" */
export function cliHistoryCall(tool: string, input: unknown, options: FormatOptions): { tool: string; input: unknown } {
  const available = options.availableTools ?? defaultAvailableTools(options.model, options.provider);
  const resolved = resolveToolName(tool, available);
  if (resolved !== undefined) return { tool: resolved, input };
  if (BUILT_IN_TOOLS.has(tool)) return { tool, input };
  return { tool: "invalid", input: { tool, error: unavailableToolMessage(tool, available) } };
}
