import { claudeCodeDifferentialVocabulary } from "../profiles/claude-code/differential-vocabulary.js";
import { codexCliDifferentialVocabulary } from "../profiles/codex-cli/differential-vocabulary.js";
import type { DifferentialVocabulary } from "../profiles/differential-vocabulary.js";
import { geminiCliDifferentialVocabulary } from "../profiles/gemini-cli/differential-vocabulary.js";
import { opencodeCliDifferentialVocabulary } from "../profiles/opencode-cli/differential-vocabulary.js";
import { opencodeCoreDifferentialVocabulary } from "../profiles/opencode-core/differential-vocabulary.js";

/** The profiles a differential campaign can play against, each with the call vocabulary of its own folder. */
export const DIFFERENTIAL_VOCABULARIES = {
  "opencode-cli": opencodeCliDifferentialVocabulary,
  "opencode-core": opencodeCoreDifferentialVocabulary,
  "claude-code": claudeCodeDifferentialVocabulary,
  "codex-cli": codexCliDifferentialVocabulary,
  "gemini-cli": geminiCliDifferentialVocabulary,
} as const satisfies Record<string, DifferentialVocabulary>;

/** A profile a differential campaign can play against. */
export type DifferentialProfile = keyof typeof DIFFERENTIAL_VOCABULARIES;

/** Whether a profile id has a vocabulary. */
export const isDifferentialProfile = (id: string): id is DifferentialProfile => Object.hasOwn(DIFFERENTIAL_VOCABULARIES, id);
