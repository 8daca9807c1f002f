import { InputError } from "../input/input-error.js";
import { parseYamlRecord } from "../input/parse-yaml-record.js";
import { focusIssues } from "../schema/focus-issues.js";
import { loadValidator } from "../schema/load-validator.js";
import { toValidationIssues, type ValidationIssue } from "../schema/validation-issue.js";
import type { Scenario } from "./scenario.js";
import { findScenarioProblem } from "./scenario-problems.js";

/** What parseScenario may check beyond the text: whether a workspace folder exists (the caller's I/O). */
export interface ScenarioChecks {
  folderExists?: (folder: string) => boolean;
  /** Improves a schema issue's message (allowed values, did you mean). */
  explain?: (issue: ValidationIssue, kind: string, data: unknown) => ValidationIssue;
}

/**
 * Parses a scenario file's YAML text and validates it against schemas/scenario.json.
 * Throws InputError naming the file, line and column of the first problem (improved by `explain`:
 * the CLI passes its allowed values and "did you mean").
 */
export async function parseScenario(text: string, file: string, checks: ScenarioChecks = {}): Promise<Scenario> {
  const record = parseYamlRecord(text, file);
  // nothing but blanks and comments: said as such, not as a null found where an object belongs
  if (record.value === null && text.replace(/#.*$/gm, "").trim() === "") throw new InputError("empty file: a scenario is a mapping with name, prompt and turns", file, 1, 1);
  const validate = await loadValidator("scenario");
  if (!validate(record.value)) {
    const focused = focusIssues(toValidationIssues(validate.errors ?? [], record.value), record.value)[0];
    const issue = focused && (checks.explain ?? ((given: ValidationIssue) => given))(focused, "scenario", record.value);
    const { line, column } = record.locate(issue?.pointer ?? "");
    throw new InputError(`${issue?.pointer || "/"}: expected ${issue?.expected ?? "a scenario"}, found ${issue?.found ?? "something else"} (scenario)`, file, line, column);
  }
  const scenario = record.value as Scenario;
  const problem = findScenarioProblem(scenario);
  if (problem) {
    const { line, column } = record.locate(problem.pointer, problem.atKey);
    // A key's pointer holds the (maybe long or unprintable) path the message already shows, escaped: name its parent.
    const shown = problem.atKey ? problem.pointer.slice(0, problem.pointer.lastIndexOf("/")) : problem.pointer;
    throw new InputError(`${shown}: ${problem.message}`, file, line, column);
  }
  const folder = scenario.workspace?.folder;
  if (folder !== undefined && checks.folderExists && !checks.folderExists(folder)) {
    const { line, column } = record.locate("/workspace/folder");
    throw new InputError(`/workspace/folder: no folder "${folder}" under fixtures/workspaces/`, file, line, column);
  }
  return scenario;
}

/** parseScenario without throwing: `{ ok: true, scenario }` or `{ ok: false, error }`. */
export async function safeParseScenario(text: string, file: string, checks: ScenarioChecks = {}): Promise<{ ok: true; scenario: Scenario } | { ok: false; error: InputError }> {
  try {
    return { ok: true, scenario: await parseScenario(text, file, checks) };
  } catch (error) {
    if (InputError.isInstance(error)) return { ok: false, error };
    throw error;
  }
}
