import { geminiInput } from "./gemini-result.js";
import { geminiToolOf } from "./gemini-tools.js";

/** The parts of a Gemini CLI session a call's result can follow from. @see spec §16 */
const PLAN_MODE = "plan mode";
const BACKGROUND = "background processes";
const TOPIC = "topic";
const DIRECTORIES = "workspace directories";

/**
 * Which parts of the session state a call changes and which its result depends on: every call
 * meets plan mode (§16.1) once enter_plan_mode ran; a command run with `is_background` enters the
 * background history the background tools read (§16.3); update_topic reads and replaces the
 * active topic (§16.2); an activated skill adds its folder to the workspace directories that
 * refusals list and glob searches (§16.4).
 * @see docs/spec/gemini-cli-0.61.0.md §16
 */
export function geminiSessionState(call: { tool: string; input: unknown }): { changes: string[]; reads: string[] } {
  const tool = geminiToolOf(call.tool);
  const changes: string[] = [];
  const reads: string[] = [PLAN_MODE, DIRECTORIES];
  if (tool === "enter_plan_mode") changes.push(PLAN_MODE);
  if (tool === "activate_skill") changes.push(DIRECTORIES);
  if (tool === "run_shell_command" && geminiInput(call.input).is_background === true) changes.push(BACKGROUND);
  if (tool === "list_background_processes" || tool === "read_background_output") reads.push(BACKGROUND);
  if (tool === "update_topic") {
    changes.push(TOPIC);
    reads.push(TOPIC);
  }
  return { changes, reads };
}
