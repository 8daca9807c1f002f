import type { AgentSettings } from "../environment-port.js";
import { claudeEnvNames, claudeRuntimeEnvName } from "./claude-env-names.js";

/**
 * The arguments a scenario may add to `claude -p` whose effect the profile models, with how many
 * values each takes: `--append-system-prompt TEXT` adds to the system prompt, which no tool result
 * and no note after one holds (gate scenario claude-bash-echo).
 * @see docs/spec/claude-code-2.1.332.md §12
 */
const modelledArgs: Readonly<Record<string, number>> = { "--append-system-prompt": 1 };

/**
 * Why a run started with the scenario's agent settings (`agent.env`, `agent.args`) is not
 * modelled, or undefined when it is: a variable Claude Code or its runtime reads (a cap, a model,
 * a feature switch…) or an argument other than the modelled ones. A variable the binary never
 * reads only reaches the commands it runs, which the replay runs with the same environment.
 * @see docs/spec/claude-code-2.1.332.md §12
 */
export function unmodelledClaudeAgentSetting(settings: AgentSettings | undefined): string | undefined {
  if (settings === undefined) return undefined;
  for (const name of Object.keys(settings.env)) {
    if (claudeEnvNames.has(name)) return `claude-code: the agent was started with ${name} set, a variable Claude Code reads; its effect is not modelled (spec §12)`;
    if (claudeRuntimeEnvName(name)) return `claude-code: the agent was started with ${name} set, a variable its runtime reads; its effect is not modelled (spec §12)`;
  }
  for (let index = 0; index < settings.args.length; index++) {
    const arg = settings.args[index]!;
    if (!Object.hasOwn(modelledArgs, arg)) return `claude-code: the agent was started with the argument ${JSON.stringify(arg)}, whose effect is not modelled (spec §12)`;
    index += modelledArgs[arg]!;
  }
  return undefined;
}
