import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { QuestionObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 question: `User has answered your questions: "<q>"="<a>", …. You can now continue with the
 * user's answers in mind.`; an answer is its labels joined by `, ` or `Unanswered`.
 * Title `Asked <n> question(s)`.
 * @see spec §2.11
 */
export function formatQuestion(input: { questions: { question: string }[] }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const answers = (observation as unknown as QuestionObservation).answers;
  const pairs = input.questions.map((item, index) => {
    const chosen = answers[index];
    const answer = chosen === undefined || chosen.length === 0 ? "Unanswered" : chosen.join(", ");
    return `"${item.question}"="${answer}"`;
  });
  const count = input.questions.length;
  return {
    title: `Asked ${count} question${count === 1 ? "" : "s"}`,
    output: `User has answered your questions: ${pairs.join(", ")}. You can now continue with the user's answers in mind.`,
  };
}
