import type { GrepFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { grepMatchGroups } from "../../opencode-shared/grep-match-lines.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** grep's v2 input. @see spec §2.5 (v2) */
export interface GrepInput {
  pattern: string;
  path?: string;
  include?: string;
  limit?: number;
}

/**
 * `No files found`, or `Found <N> matches` then, per file, a blank line (not before the first),
 * `<abs path>:` and `  Line <L>: <text>` lines (the engine's line preview: over 2000 chars cut with
 * `...`), joined by `⏎`.
 * No limit notice.
 * @see spec §2.5 (v2)
 */
export function formatGrep(_input: GrepInput, observation: GrepFacts): ToolOutput {
  requireFacts("grep", observation, { matches: "object-array" });
  const { matches } = observation;
  if (matches.length === 0) return { structured: { matches: [] }, content: [{ type: "text", text: "No files found" }] };
  const lines = [`Found ${matches.length} matches`, ...grepMatchGroups(matches)];
  return { structured: { matches }, content: [{ type: "text", text: lines.join("\n") }] };
}

/** @see spec §2.5 (v2) */
export const grepTool: CoreTool<GrepInput, GrepFacts> = {
  input: [input.required("pattern", input.string), input.optional("path", input.string), input.optional("include", input.string), input.optional("limit", input.number)],
  format: formatGrep,
};
