/**
 * The scripts a fake provider answers an agent's subagent requests from (a scenario's
 * `subagents`), as facts a profile may read: a subagent's text (a grounded search's answer, a
 * delegated agent's replies) comes from them. The fake and the profiles share the matching rule.
 * @see schemas/scenario.json `subagents`; src/fake/create-fake-provider.ts
 */

/** One subagent script: the text its requests' user messages hold, and its turns as the scenario wrote them. */
export interface SubagentScript {
  prompt: string;
  turns: readonly SubagentScriptTurn[];
}

/** One scripted reply of a subagent script (unresolved: `{{origin}}` and `$fromResult` values as written). */
export interface SubagentScriptTurn {
  text?: string;
  calls?: readonly { tool: string; input?: unknown; text?: string }[];
  fault?: unknown;
  groundingMetadata?: Record<string, unknown>;
}

/** The final text the fake answers a subagent request no script matches with. */
export const UNSCRIPTED_SUBAGENT_TEXT = "correx fake: this subagent request has no script (add one under the scenario's `subagents`).";

/** The script a subagent request whose user messages hold `userText` is answered from: the first whose prompt that text contains. */
export function findSubagentScript<T extends { prompt: string }>(scripts: readonly T[], userText: string): T | undefined {
  return scripts.find((script) => userText.includes(script.prompt));
}
