import { checkInput } from "../../opencode-shared/effect-schema-input.js";
import type { OutputStorePort } from "../../output-store-port.js";
import type { FormatRequest } from "../../profile.js";
import { findCoreTool } from "../core-tool-registry.js";
import { boundToolOutput } from "../truncate/core-output-bound.js";
import { resolveOutputLimits } from "../truncate/core-output-limits.js";
import { isToolFailure } from "./core-tool-failure.js";
import { ToolOutput } from "./core-tool-output.js";
import type { ToolResultValue } from "./core-tool-result-value.js";

/** @see spec §1.2 (ToolRegistry.settle step 1) */
export function unknownToolMessage(name: string): string {
  return `Unknown tool: ${name}`;
}

/** @see spec §1.2 (core tool settle step 1) */
export function invalidInputMessage(detail: string): string {
  return `Invalid tool input: ${detail}`;
}

/** @see spec §1.2 (core tool settle step 2) */
export function invalidOutputMessage(detail: string): string {
  return `Tool returned an invalid value for its output schema: ${detail}`;
}

/** @see spec §1.2 (ToolRegistry.settle step 1, stale registration) */
export function staleToolMessage(name: string): string {
  return `Stale tool call: ${name}`;
}

/** An observation that is only `{error: message}`: a failure the tool reported. */
export function observationError(observation: Record<string, unknown>): string | undefined {
  const keys = Object.keys(observation);
  return keys.length === 1 && keys[0] === "error" && typeof observation.error === "string" ? observation.error : undefined;
}

/**
 * ToolRegistry.settle for one call: unknown tool → error; input that does not decode → error;
 * a failure → error with its message; else the tool's output, bounded, then toResultValue.
 * Errors are not bounded.
 * @see spec §1.2 (core tool settle, ToolRegistry.settle), §3.2 (bound)
 */
export function settleCoreTool(request: FormatRequest, store: OutputStorePort): ToolResultValue {
  const tool = findCoreTool(request.tool);
  if (tool === undefined) return { type: "error", value: unknownToolMessage(request.tool) };
  const inputProblem = checkInput(request.input, tool.input);
  if (inputProblem !== undefined) return { type: "error", value: invalidInputMessage(inputProblem) };
  const reported = observationError(request.observation);
  if (reported !== undefined) return { type: "error", value: reported };
  const result = tool.format(request.input, request.observation, request.options ?? {});
  if (isToolFailure(result)) return { type: "error", value: result.failure };
  const outputProblem = checkToolOutput(result);
  if (outputProblem !== undefined) return { type: "error", value: invalidOutputMessage(outputProblem) };
  const { output } = boundToolOutput(result, resolveOutputLimits(request.options?.limits), store);
  return ToolOutput.toResultValue(output);
}

/** A structural check of a formatter's output (guards the reference itself). */
function checkToolOutput(output: ToolOutput): string | undefined {
  for (const [i, part] of output.content.entries()) {
    if (part.type === "text" && typeof part.text !== "string") return `Expected string\n  at ["content"][${i}]["text"]`;
    if (part.type === "file" && (typeof part.uri !== "string" || typeof part.mime !== "string")) return `Expected string\n  at ["content"][${i}]["uri"]`;
  }
  return undefined;
}
