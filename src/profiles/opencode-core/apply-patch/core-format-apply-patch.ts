import type { ApplyPatchFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** apply_patch's input. @see spec §2.4 (apply_patch) */
export interface ApplyPatchInput {
  patchText: string;
}

/**
 * `Applied patch sequentially:⏎` + one `A|M|D <resource>` line per change, joined by `⏎`.
 * @see spec §2.4 (apply_patch v2)
 */
export function formatApplyPatch(_input: ApplyPatchInput, observation: ApplyPatchFacts): ToolOutput {
  requireFacts("apply_patch", observation, { changes: "object-array" });
  const lines = observation.changes.map((change) => `${change.op} ${change.path}`);
  return { structured: { changes: observation.changes }, content: [{ type: "text", text: `Applied patch sequentially:\n${lines.join("\n")}` }] };
}

/** @see spec §2.4 (apply_patch v2) */
export const applyPatchTool: CoreTool<ApplyPatchInput, ApplyPatchFacts> = {
  input: [input.required("patchText", input.string)],
  format: formatApplyPatch,
};
