import type { RedactionRule } from "../../golden/redact.js";

/**
 * Gemini CLI's volatile values and their tokens (docs/spec/gemini-cli-0.61.0.md §13): the
 * millisecond time inside call ids, process (group) ids, and the saved-output file of a truncated
 * shell result (its session folder and name).
 */
export const geminiRedactions: readonly RedactionRule[] = [
  // A call id is a whole string `<name>_<ms>_<i>` (functionResponse.id). §1.1
  // The name is whatever the model sent (capitalised, unknown, dotted), so any function name. §1.1
  { pattern: /^([A-Za-z_][\w.:-]*)_\d+_(\d+)$/g, token: "$1_[MS]_$2" },
  // §2.3, §2.6
  { pattern: /Process Group PGID: \d+/g, token: "Process Group PGID: [PGID]", requires: "PGID" },
  { pattern: /Background PIDs: \d+(?:, \d+)*/g, token: "Background PIDs: [PIDS]", requires: "Background PIDs" },
  { pattern: /Command moved to background \(PID: \d+\)/g, token: "Command moved to background (PID: [PID])", requires: "(PID: " },
  // The agent's pids in list_background_processes' lines. §16.3
  { pattern: /^- \[PID \d+\]/gm, token: "- [PID [PID]]", requires: "- [PID " },
  // The project temp directory named in outside-workspace refusals: $HOME/.gemini/tmp/<folder>,
  // with the HOME the driver gave the CLI, which the gate does not know. §3.4
  { pattern: /(or the project temp directory: )\/[^"\n]*/g, token: "$1[GEMINI_TEMP]", requires: "the project temp directory: " },
  // The plans directory of plan mode: the project temp directory's session folder (its uuid is the
  // CLI's own session id). §16.1
  { pattern: /(must be within the designated plans directory \()\/[^"\n]*?(\)\.)/g, token: "$1[GEMINI_PLANS]$2", requires: "designated plans directory (" },
  // The saved full output of a truncated shell result. §2.5
  { pattern: /(?:\/[^\s"'<>/]+)+\/tool-outputs\/session-[^\s/]+\/[^\s/]+\.txt/g, token: "[OUTPUT]/tool_[ID]", requires: "tool-outputs" },
];
