import { InputError } from "../input/input-error.js";
import { parseYamlRecord } from "../input/parse-yaml-record.js";
import { focusIssues } from "../schema/focus-issues.js";
import { loadValidator } from "../schema/load-validator.js";
import { toValidationIssues, type ValidationIssue } from "../schema/validation-issue.js";
import type { Scenario } from "./scenario.js";

/**
 * Parses a scenario file's YAML text and validates it against schemas/scenario.json.
 * Throws InputError naming the file, line and column of the first problem (improved by `explain`:
 * the CLI passes its allowed values and "did you mean").
 */
export async function parseScenario(text: string, file: string, explain: (issue: ValidationIssue, kind: string, data: unknown) => ValidationIssue = (issue) => issue): Promise<Scenario> {
  const record = parseYamlRecord(text, file);
  const validate = await loadValidator("scenario");
  if (!validate(record.value)) {
    const focused = focusIssues(toValidationIssues(validate.errors ?? [], record.value), record.value)[0];
    const issue = focused && explain(focused, "scenario", record.value);
    const { line, column } = record.locate(issue?.pointer ?? "");
    throw new InputError(`${issue?.pointer || "/"}: expected ${issue?.expected ?? "a scenario"}, found ${issue?.found ?? "something else"} (scenario)`, file, line, column);
  }
  const scenario = record.value as Scenario;
  const last = scenario.turns[scenario.turns.length - 1];
  if (last.calls !== undefined || last.text === undefined) {
    const { line, column } = record.locate(`/turns/${scenario.turns.length - 1}`);
    throw new InputError("/turns: the last turn must be a final text without calls", file, line, column);
  }
  const ids = new Set<string>();
  scenario.turns.forEach((turn, turnIndex) =>
    turn.calls?.forEach((call, callIndex) => {
      if (call.id === undefined) return;
      if (ids.has(call.id)) {
        const { line, column } = record.locate(`/turns/${turnIndex}/calls/${callIndex}/id`);
        throw new InputError(`call id "${call.id}" is used twice`, file, line, column);
      }
      ids.add(call.id);
    }),
  );
  return scenario;
}

/** parseScenario without throwing: `{ ok: true, scenario }` or `{ ok: false, error }`. */
export async function safeParseScenario(text: string, file: string): Promise<{ ok: true; scenario: Scenario } | { ok: false; error: InputError }> {
  try {
    return { ok: true, scenario: await parseScenario(text, file) };
  } catch (error) {
    if (InputError.isInstance(error)) return { ok: false, error };
    throw error;
  }
}
