/**
 * The tools Claude Code 2.1.332 offers with its default model in `-p` mode, and their parameters
 * (names and types from the package's sdk-tools.d.ts: BashInput, FileReadInput, FileEditInput,
 * FileWriteInput). The offered names are those of the captured requests' `tools` and of the
 * deferred-tools reminder. @see docs/spec/claude-code-2.1.332.md §1.3, §7
 */
export type ClaudeParameterType = "string" | "number" | "boolean";

export interface ClaudeParameter {
  name: string;
  type: ClaudeParameterType;
  required: boolean;
}

const p = (name: string, type: ClaudeParameterType, required = false): ClaudeParameter => ({ name, type, required });

/** The modelled tools' parameters, in the order of their schemas. */
export const claudeToolParameters: Readonly<Record<string, readonly ClaudeParameter[]>> = {
  Bash: [p("command", "string", true), p("timeout", "number"), p("description", "string"), p("run_in_background", "boolean"), p("dangerouslyDisableSandbox", "boolean")],
  Read: [p("file_path", "string", true), p("offset", "number"), p("limit", "number"), p("pages", "string"), p("allow_large", "boolean")],
  Edit: [p("file_path", "string", true), p("old_string", "string", true), p("new_string", "string", true), p("replace_all", "boolean")],
  Write: [p("file_path", "string", true), p("content", "string", true)],
};

/** Every tool name the binary knows: offered ones, then deferred ones (loaded through ToolSearch). */
export const claudeToolNames: readonly string[] = [
  "Agent",
  "Bash",
  "Edit",
  "ListAgents",
  "Read",
  "ReportFindings",
  "ScheduleWakeup",
  "Skill",
  "ToolSearch",
  "Workflow",
  "Write",
  "CronCreate",
  "CronDelete",
  "CronList",
  "EnterWorktree",
  "ExitWorktree",
  "Monitor",
  "NotebookEdit",
  "SendMessage",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskStop",
  "TaskUpdate",
  "WebFetch",
  "WebSearch",
];

/** The JSON type name the binary reports for a provided value. */
function providedType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * The input validation issues of a call, in the binary's order: each schema parameter in order
 * (missing when required, or of the wrong type), then each unexpected parameter in input order.
 * @see spec §7.2
 */
export function claudeInputIssues(tool: string, input: unknown): string[] {
  const parameters = claudeToolParameters[tool] ?? [];
  const record = input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const issues: string[] = [];
  for (const parameter of parameters) {
    const value = record[parameter.name];
    if (value === undefined) {
      if (parameter.required) issues.push(`The required parameter \`${parameter.name}\` is missing`);
    } else if (providedType(value) !== parameter.type) {
      issues.push(`The parameter \`${parameter.name}\` type is expected as \`${parameter.type}\` but provided as \`${providedType(value)}\``);
    }
  }
  for (const key of Object.keys(record)) {
    if (!parameters.some((parameter) => parameter.name === key)) issues.push(`An unexpected parameter \`${key}\` was provided`);
  }
  return issues;
}
