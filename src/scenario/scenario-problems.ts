import type { Scenario } from "./scenario.js";
import { findFromResults, fromResultProblem } from "./scenario-from-result.js";
import { findScenarioLimitProblem, type ScenarioLimitProblem } from "./scenario-limits.js";

/** A problem of a scenario beyond its schema: a limit it breaks, or (`rule`) a rule of turns and calls. */
export type ScenarioProblem = ScenarioLimitProblem & { rule?: true };

/**
 * What a scenario that fits its schema may still get wrong, found from its value alone (no I/O):
 * a last turn that is not a final text, a limit it breaks, a call to an MCP server or tool it
 * does not declare, a call id used twice, a `$fromResult` that names no earlier call. The first
 * problem, with where it is (JSON pointer), or null. `correx validate` and the gate's scenario
 * loader both hold a scenario to it, so a file validate accepts is never refused at load.
 */
export function findScenarioProblem(scenario: Scenario): ScenarioProblem | null {
  const lastIndex = scenario.turns.length - 1;
  const last = scenario.turns[lastIndex];
  if (last.calls !== undefined || last.text === undefined) return { pointer: `/turns/${lastIndex}`, message: "the last turn must be a final text without calls", rule: true };
  const limit = findScenarioLimitProblem(scenario);
  if (limit) return limit;
  const ids = new Set<string>();
  const callsPerTurn = scenario.turns.map((turn) => turn.calls?.length ?? 0);
  for (const [turnIndex, turn] of scenario.turns.entries()) {
    for (const [callIndex, call] of (turn.calls ?? []).entries()) {
      const at = `/turns/${turnIndex}/calls/${callIndex}`;
      if (call.server !== undefined) {
        const server = scenario.mcp?.servers[call.server];
        if (server === undefined) return { pointer: `${at}/server`, message: `MCP server "${call.server}" is not declared in mcp.servers`, rule: true };
        if (!server.tools.some((tool) => tool.name === call.tool)) return { pointer: `${at}/server`, message: `MCP server "${call.server}" declares no tool "${call.tool}"`, rule: true };
      }
      if (call.id !== undefined) {
        if (ids.has(call.id)) return { pointer: `${at}/id`, message: `call id "${call.id}" is used twice`, rule: true };
        ids.add(call.id);
      }
      for (const { pointer, reference } of findFromResults(call.input)) {
        const problem = fromResultProblem(reference, turnIndex, callsPerTurn);
        if (problem !== null) return { pointer: `${at}/input${pointer}`, message: problem, rule: true };
      }
    }
  }
  return null;
}
