import type { WriteFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import type { FormatOptions } from "../../profile.js";
import { requireFacts } from "../core-observation-facts.js";
import { resourceOf } from "../core-resource.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** write's v2 input (`path`, not `filePath`). @see README (v2 runner: tools offered) */
export interface WriteInput {
  path: string;
  content: string;
}

/**
 * `Wrote file successfully: <resource>` when the file existed, else `Created file successfully: <resource>`.
 * The resource falls back to the absolute path when the observation has none.
 * @see spec §2.3 (v2)
 */
export function formatWrite(_input: WriteInput, observation: WriteFacts, options: FormatOptions = {}): ToolOutput {
  requireFacts("write", observation, { path: "string", existed: "boolean" });
  const resource = observation.resource ?? resourceOf(observation.path, options.cwd);
  const text = observation.existed ? `Wrote file successfully: ${resource}` : `Created file successfully: ${resource}`;
  return { structured: { resource, existed: observation.existed }, content: [{ type: "text", text }] };
}

/** @see spec §2.3 (v2) */
export const writeTool: CoreTool<WriteInput, WriteFacts> = {
  input: [input.required("path", input.string), input.required("content", input.string)],
  format: formatWrite,
};
