import type { BashFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** bash's v2 input. @see spec §2.1b */
export interface BashInput {
  command: string;
  workdir?: string;
  timeout?: number;
}

import { BASH_DEFAULT_TIMEOUT_MS } from "../../opencode-shared/run-bash.js";

/**
 * The first text part: the output, `(no output)` when empty, plus the capture note when the
 * 1 MiB capture was cut; on timeout the timeout sentence instead.
 * @see spec §2.1b (toModelOutput part 1)
 */
export function bashOutputText(observation: BashFacts, timeoutMs: number): string {
  if (observation.timedOut === true) {
    return `Command exceeded timeout of ${timeoutMs} ms. Retry with a larger timeout if the command is expected to take longer.`;
  }
  const output = observation.output === "" ? "(no output)" : observation.output;
  return observation.captureTruncated === true ? `${output}\n\n[output capture truncated at the in-memory safety limit]` : output;
}

/**
 * The footer part: the warnings block (`Warnings:` and one `- w` line each), a blank line, then
 * the exit sentence or the timeout sentence. A null exit code is printed as `undefined`
 * (`${exit}` of a process that reports none).
 * @see spec §2.1b (toModelOutput part 2: `⏎⏎Warnings:⏎…` trimmed, then `⏎⏎`); the 1.18.33 binary
 * (probe of five commands with warnings, truncated and not: always `⏎⏎` before the exit line;
 * differential seed 5002). `strings` on the binary folds `⏎⏎` into one line break, which misled an
 * earlier reading.
 */
export function bashFooter(observation: BashFacts): string {
  const warnings = observation.warnings ?? [];
  const block = warnings.length === 0 ? "" : `\n\nWarnings:\n${warnings.map((warning) => `- ${warning}`).join("\n")}`;
  const lead = block === "" ? "" : `${block.trimStart()}\n\n`;
  if (observation.timedOut === true) return `${lead}Command timed out before completion.`;
  return `${lead}Command exited with code ${String(observation.exitCode ?? undefined)}.`;
}

/**
 * bash: two text parts, the output and the footer; structured `{truncated, exit?, timeout?}`.
 * @see spec §2.1b
 */
export function formatBash(bashInput: BashInput, observation: BashFacts): ToolOutput {
  requireFacts("bash", observation, { output: "string", exitCode: "number-or-null" });
  const structured: Record<string, unknown> = { truncated: observation.captureTruncated === true };
  if (observation.exitCode !== null) structured.exit = observation.exitCode;
  if (observation.timedOut === true) structured.timeout = true;
  return {
    structured,
    content: [
      { type: "text", text: bashOutputText(observation, bashInput.timeout ?? BASH_DEFAULT_TIMEOUT_MS) },
      { type: "text", text: bashFooter(observation) },
    ],
  };
}

/** @see spec §2.1b */
export const bashTool: CoreTool<BashInput, BashFacts> = {
  // timeout: the bundle's positive-integer schema (an integer, > 0), then `isLessThanOrEqualTo(600000)` (campaign seeds 12, 9001)
  input: [input.required("command", input.string), input.optional("workdir", input.string), input.optional("timeout", input.boundedNumber({ integer: true, greaterThan: 0, atMost: 600000 }))],
  format: formatBash,
};
