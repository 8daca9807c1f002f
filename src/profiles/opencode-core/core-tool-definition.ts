import type { InputField } from "../opencode-shared/effect-schema-input.js";
import type { FormatOptions } from "../profile.js";
import type { ToolFailure } from "./result/core-tool-failure.js";
import type { ToolOutput } from "./result/core-tool-output.js";

/**
 * One v2 tool as correx models it: its input schema (for `Invalid tool input`) and a pure
 * formatter from (decoded input, observation, options) to the tool's ToolOutput or a failure.
 * Observations that are `{error}` never reach `format` (settle handles them).
 * @see spec §1.2 (core tool settle)
 */
export interface CoreTool<Input, Observation> {
  input: readonly InputField[];
  format(input: Input, observation: Observation, options: FormatOptions): ToolOutput | ToolFailure;
}
