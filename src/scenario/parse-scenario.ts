import { InputError } from "../input/input-error.js";
import { parseYamlRecord } from "../input/parse-yaml-record.js";
import { focusIssues } from "../schema/focus-issues.js";
import { loadValidator } from "../schema/load-validator.js";
import { toValidationIssues, type ValidationIssue } from "../schema/validation-issue.js";
import type { Scenario } from "./scenario.js";
import { findScenarioLimitProblem } from "./scenario-limits.js";

/** What parseScenario may check beyond the text: whether a workspace folder exists (the caller's I/O). */
export interface ScenarioChecks {
  folderExists?: (folder: string) => boolean;
  /** Improves a schema issue's message (allowed values, did you mean). */
  explain?: (issue: ValidationIssue, kind: string, data: unknown) => ValidationIssue;
}

import { findFromResults, fromResultProblem } from "./scenario-from-result.js";

/**
 * Parses a scenario file's YAML text and validates it against schemas/scenario.json.
 * Throws InputError naming the file, line and column of the first problem (improved by `explain`:
 * the CLI passes its allowed values and "did you mean").
 */
export async function parseScenario(text: string, file: string, checks: ScenarioChecks = {}): Promise<Scenario> {
  const record = parseYamlRecord(text, file);
  const validate = await loadValidator("scenario");
  if (!validate(record.value)) {
    const focused = focusIssues(toValidationIssues(validate.errors ?? [], record.value), record.value)[0];
    const issue = focused && (checks.explain ?? ((given: ValidationIssue) => given))(focused, "scenario", record.value);
    const { line, column } = record.locate(issue?.pointer ?? "");
    throw new InputError(`${issue?.pointer || "/"}: expected ${issue?.expected ?? "a scenario"}, found ${issue?.found ?? "something else"} (scenario)`, file, line, column);
  }
  const scenario = record.value as Scenario;
  const last = scenario.turns[scenario.turns.length - 1];
  if (last.calls !== undefined || last.text === undefined) {
    const { line, column } = record.locate(`/turns/${scenario.turns.length - 1}`);
    throw new InputError("/turns: the last turn must be a final text without calls", file, line, column);
  }
  const problem = findScenarioLimitProblem(scenario);
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
  scenario.turns.forEach((turn, turnIndex) =>
    turn.calls?.forEach((call, callIndex) => {
      if (call.server === undefined) return;
      const server = scenario.mcp?.servers[call.server];
      const problem =
        server === undefined
          ? `MCP server "${call.server}" is not declared in mcp.servers`
          : server.tools.some((tool) => tool.name === call.tool)
            ? undefined
            : `MCP server "${call.server}" declares no tool "${call.tool}"`;
      if (problem === undefined) return;
      const { line, column } = record.locate(`/turns/${turnIndex}/calls/${callIndex}/server`);
      throw new InputError(`/turns/${turnIndex}/calls/${callIndex}: ${problem}`, file, line, column);
    }),
  );
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
  const callsPerTurn = scenario.turns.map((turn) => turn.calls?.length ?? 0);
  scenario.turns.forEach((turn, turnIndex) =>
    turn.calls?.forEach((call, callIndex) => {
      for (const { pointer, reference } of findFromResults(call.input)) {
        const problem = fromResultProblem(reference, turnIndex, callsPerTurn);
        if (problem === null) continue;
        const { line, column } = record.locate(`/turns/${turnIndex}/calls/${callIndex}/input${pointer}`);
        throw new InputError(`/turns/${turnIndex}/calls/${callIndex}/input${pointer}: ${problem}`, file, line, column);
      }
    }),
  );
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
