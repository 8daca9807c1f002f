import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
import { activateSkillSchema } from "../gemini-tools.js";

/**
 * activate_skill's result: the schema's refusal (its `name` enum is the skills the session found),
 * or the skill's body and folder structure in `<activated_skill>` (the body's first line indented
 * four spaces, the rest as written).
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/tools/activate-skill.ts `ActivateSkillToolInvocation.execute`]
 */
export function formatActivateSkill(callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const names = observation.skillNames;
  if (!Array.isArray(names)) {
    const rule = typeof observation.skillUnmodelled === "string" ? observation.skillUnmodelled : "the session's skills (not observed)";
    throw new UnsupportedError(`gemini-cli: activate_skill: ${rule} is not modelled (spec §16.4)`);
  }
  const paramsError = geminiParamsError("activate_skill", callInput, activateSkillSchema(names as string[]));
  if (paramsError !== null) return geminiError(paramsError);
  if (typeof observation.skillUnmodelled === "string") throw new UnsupportedError(`gemini-cli: activate_skill: ${observation.skillUnmodelled} is not modelled (spec §16.4)`);
  const skill = observation.skill as { body: string; structure: string };
  const name = geminiInput(callInput).name as string;
  return geminiOutput(
    `<activated_skill name="${name}">\n  <instructions>\n    ${skill.body}\n  </instructions>\n\n  <available_resources>\n    ${skill.structure}\n  </available_resources>\n</activated_skill>`,
  );
}
