import { UnsupportedError } from "../../profile.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { TaskObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/** @see spec §2.13 (background start; the dash is U+2014) */
export const TASK_BACKGROUND_TEXT =
  "The task is working in the background. You will be notified automatically when it finishes.\nDO NOT sleep, poll for progress, ask the task for status, or duplicate this task's work \u2014 avoid working with the same files or topics it is using.\nWork on non-overlapping tasks, or briefly tell the user what you launched and end your response.";

/**
 * v1 task: `<task id=… state=…>`, an optional `<summary>` line, then `<task_result>` (or
 * `<task_error>` for state error) around the subagent's last text. A `running` (background)
 * task defaults to summary `Background task started` and the background text. Title = the
 * description.
 * @see spec §2.13
 */
export function formatTask(input: { description: string }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  if (typeof observation.sessionId !== "string" || typeof observation.state !== "string") {
    // Without the child session's facts (the gate plays it on the scenario's `subagents`: task/run-task.ts) there is nothing to format.
    throw new UnsupportedError("opencode-cli: a subagent's (`task`) result is made of its child session (the session id, the child's last text), which this observation does not hold (spec §2.13)");
  }
  const task = observation as unknown as TaskObservation;
  const running = task.state === "running";
  const summary = task.summary ?? (running ? "Background task started" : undefined);
  const text = task.text ?? (running ? TASK_BACKGROUND_TEXT : "");
  const tag = task.state === "error" ? "task_error" : "task_result";
  const lines = [`<task id="${task.sessionId}" state="${task.state}">`];
  if (summary !== undefined) lines.push(`<summary>${summary}</summary>`);
  lines.push(`<${tag}>`, text, `</${tag}>`, "</task>");
  return { title: input.description, output: lines.join("\n") };
}
