import type { EnvironmentPort } from "../../environment-port.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";
import { activateSkillSchema } from "../gemini-tools.js";
import { GEMINI_BUILTIN_SKILLS, workspaceSkills } from "./skill-discovery.js";
import { skillFolderStructure } from "./skill-folder-structure.js";

/**
 * What an activate_skill call meets: the skill names its schema lists (`skillNames`, for the
 * schema's refusal), and for a workspace skill its body and folder structure (`skill`). A skill of
 * the installation (its SKILL.md and folder are the CLI's own files) is `skillUnmodelled`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/tools/activate-skill.ts]
 */
export async function runActivateSkill(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const skills = await workspaceSkills(environment);
  if (!Array.isArray(skills)) return { skillUnmodelled: skills.unmodelled };
  const skillNames = [...GEMINI_BUILTIN_SKILLS, ...skills.map((skill) => skill.name)];
  if (geminiParamsError("activate_skill", callInput, activateSkillSchema(skillNames)) !== null) return { skillNames };
  const name = geminiInput(callInput).name as string;
  const skill = skills.find((candidate) => candidate.name === name);
  if (skill === undefined) return { skillNames, skillUnmodelled: `the installation's skill ${name} (its SKILL.md and folder are the CLI's own files)` };
  return { skillNames, skill: { body: skill.body, folder: skill.folder, structure: await skillFolderStructure(skill.folder, environment) } };
}
