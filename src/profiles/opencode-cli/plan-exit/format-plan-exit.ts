import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 plan_exit: the approval sentence.
 * @see spec §2.14 plan_exit
 */
export function formatPlanExit(observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  return {
    title: "Switching to build agent",
    output: "User approved switching to build agent. Wait for further instructions.",
  };
}
