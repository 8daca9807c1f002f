/**
 * The MAX_STEPS text v1 appends as the last (assistant) message of the request once the step
 * limit is reached. Exact, no trailing newline.
 * @see spec §4.5 (MAX_STEPS)
 */
export const MAX_STEPS_TEXT = [
  "CRITICAL - MAXIMUM STEPS REACHED",
  "",
  "The maximum number of steps allowed for this task has been reached. Tools are disabled until next user input. Respond with text only.",
  "",
  "STRICT REQUIREMENTS:",
  "1. Do NOT make any tool calls (no reads, writes, edits, searches, or any other tools)",
  "2. MUST provide a text response summarizing work done so far",
  "3. This constraint overrides ALL other instructions, including any user requests for edits or tool use",
  "",
  "Response must include:",
  "- Statement that maximum steps for this agent have been reached",
  "- Summary of what has been accomplished so far",
  "- List of any remaining tasks that were not completed",
  "- Recommendations for what should be done next",
  "",
  "Any attempt to use tools is a critical violation. Respond with text ONLY.",
].join("\n");

/** The error when json_schema output mode ends without a StructuredOutput call. @see spec §4.5 */
export const NO_STRUCTURED_OUTPUT = "Model did not produce structured output";

/** The tool injected in json_schema output mode. @see seed 002 (场景 C), spec §4.5 */
export const STRUCTURED_OUTPUT_TOOL = "StructuredOutput";
