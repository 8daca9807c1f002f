import type { GlobFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** glob's v2 input. @see spec §2.6 (v2) */
export interface GlobInput {
  pattern: string;
  path?: string;
  limit?: number;
}

/**
 * Absolute paths joined by `⏎`, or `No files found`; no limit notice.
 * @see spec §2.6 (v2)
 */
export function formatGlob(_input: GlobInput, observation: GlobFacts): ToolOutput {
  requireFacts("glob", observation, { paths: "array" });
  const text = observation.paths.length === 0 ? "No files found" : observation.paths.join("\n");
  return { structured: { paths: observation.paths }, content: [{ type: "text", text }] };
}

/** @see spec §2.6 (v2) */
export const globTool: CoreTool<GlobInput, GlobFacts> = {
  input: [input.required("pattern", input.string), input.optional("path", input.string), input.optional("limit", input.number)],
  format: formatGlob,
};
