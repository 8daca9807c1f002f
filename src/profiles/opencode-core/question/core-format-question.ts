import type { QuestionFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** question's input (only the question texts matter for the output). @see spec §2.11 */
export interface QuestionInput {
  questions: { question: string; [key: string]: unknown }[];
}

/**
 * `User has answered your questions: "<q1>"="<a1>", …. You can now continue with the user's
 * answers in mind.`; an answer is its labels joined by `, `, or `Unanswered` when empty or missing.
 * @see spec §2.11
 */
export function formatQuestion(questionInput: QuestionInput, observation: QuestionFacts): ToolOutput {
  requireFacts("question", observation, { answers: "array" });
  const pairs = questionInput.questions.map((question, i) => {
    const labels = observation.answers[i] ?? [];
    return `"${question.question}"="${labels.length === 0 ? "Unanswered" : labels.join(", ")}"`;
  });
  const text = `User has answered your questions: ${pairs.join(", ")}. You can now continue with the user's answers in mind.`;
  return { structured: { answers: observation.answers }, content: [{ type: "text", text }] };
}

/** @see spec §2.11 */
export const questionTool: CoreTool<QuestionInput, QuestionFacts> = {
  input: [input.required("questions", input.array(input.struct(input.required("question", input.string))))],
  format: formatQuestion,
};
