import type { OutputStorePort } from "../output-store-port.js";
import type { FormatOptions } from "../profile.js";
import { ToolFailure } from "./result/format-result.js";

/** What every v1 tool formatter gets besides its input and observation. */
export interface FormatContext {
  options: FormatOptions;
  store: OutputStorePort;
  /** `Truncate.limits()`: options.limits over the defaults (2000 lines, 51200 bytes). */
  limits: { maxLines: number; maxBytes: number };
}

/**
 * Throws the observation's message when it is the generic `{error: message}` observation
 * (exactly one key, `error`, a string), so the wrapper settles the call as an error.
 * @see spec §2.0 step 3; design "Observations" (any tool)
 */
export function failOnErrorObservation(observation: Record<string, unknown>): void {
  const keys = Object.keys(observation);
  if (keys.length === 1 && keys[0] === "error" && typeof observation.error === "string") {
    throw new ToolFailure(observation.error);
  }
}
