import type { SkillFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** skill's input. @see spec §2.14 (skill) */
export interface SkillInput {
  name: string;
}

/** @see spec §2.14 (skill: v2 ≤ 10 files, sorted) */
export const SKILL_MAX_FILES = 10;

/**
 * The `<skill_content>` block, lines joined by `⏎`; v2 lists at most 10 files, sorted, one
 * `<file>` line each (an empty list leaves no empty line).
 * @see spec §2.14 (skill, v2 P8)
 */
export function formatSkill(_input: SkillInput, observation: SkillFacts): ToolOutput {
  requireFacts("skill", observation, { name: "string", content: "string", directory: "string", files: "array" });
  const files = [...observation.files].sort().slice(0, SKILL_MAX_FILES);
  const lines = [
    `<skill_content name="${observation.name}">`,
    `# Skill: ${observation.name}`,
    "",
    observation.content.trim(),
    "",
    `Base directory for this skill: ${observation.directory}`,
    "Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.",
    "Note: file list is sampled.",
    "",
    "<skill_files>",
    ...files.map((file) => `<file>${file}</file>`),
    "</skill_files>",
    "</skill_content>",
  ];
  return { structured: { name: observation.name, directory: observation.directory, files }, content: [{ type: "text", text: lines.join("\n") }] };
}

/** @see spec §2.14 (skill) */
export const skillTool: CoreTool<SkillInput, SkillFacts> = {
  input: [input.required("name", input.string)],
  format: formatSkill,
};
