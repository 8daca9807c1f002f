/**
 * A tool failure a formatter derives from its observation (file missing, not UTF-8, …):
 * settle turns it into `{type:"error", value: message}`.
 * @see spec §1.2 (ToolRegistry.settle step 2: an LLM.ToolFailure becomes an error result)
 */
export interface ToolFailure {
  failure: string;
}

/** A failure with that message. */
export function toolFailure(message: string): ToolFailure {
  return { failure: message };
}

/** Whether a formatter's result is a failure. */
export function isToolFailure(value: unknown): value is ToolFailure {
  return typeof value === "object" && value !== null && typeof (value as { failure?: unknown }).failure === "string";
}
