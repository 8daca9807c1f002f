import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { SkillObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/** @see spec §2.14 skill (v1: ≤ 10 files from ripgrep) */
export const SKILL_FILE_LIMIT = 10;

/**
 * v1 skill: the `<skill_content>` block; the file lines are pre-joined into one element, so an
 * empty list leaves an empty line. Title `Loaded skill: <name>`.
 * @see spec §2.14 skill
 */
export function formatSkill(observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const skill = observation as unknown as SkillObservation;
  const files = skill.files
    .slice(0, SKILL_FILE_LIMIT)
    .map((file) => `<file>${file}</file>`)
    .join("\n");
  const output = [
    `<skill_content name="${skill.name}">`,
    `# Skill: ${skill.name}`,
    "",
    skill.content.trim(),
    "",
    `Base directory for this skill: ${skill.directory}`,
    "Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.",
    "Note: file list is sampled.",
    "",
    "<skill_files>",
    files,
    "</skill_files>",
    "</skill_content>",
  ].join("\n");
  return { title: `Loaded skill: ${skill.name}`, output };
}
