import type { ToolResultValue as GeneratedToolResultValue } from "../../../generated/schema-types.js";
import type { ToolContent } from "./core-tool-content.js";

/**
 * LLM.ToolResult: the four-variant result envelope (schemas/envelope/tool-result-value.json).
 * @see spec §1.1
 */
export type ToolResultValue = GeneratedToolResultValue;

/** The variant tags. */
export type ToolResultType = ToolResultValue["type"];

const types: ReadonlySet<string> = new Set(["json", "text", "error", "content"]);

/** `ToolResultValue.is` and `ToolResultValue.make`. @see spec §1.1 */
export const ToolResultValue = {
  /**
   * A non-null, non-array object whose `type` is one of the four and which has a `value` key.
   * @see spec §1.1 (ToolResultValue.is)
   */
  is(x: unknown): x is ToolResultValue {
    if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
    const type = (x as { type?: unknown }).type;
    return typeof type === "string" && types.has(type) && "value" in x;
  },

  /**
   * `x` unchanged if it already is one; `content` keeps only an array (else `[]`); any other
   * type wraps `x` as its value.
   * @see spec §1.1 (ToolResultValue.make)
   */
  make(x: unknown, type: ToolResultType = "json"): ToolResultValue {
    if (ToolResultValue.is(x)) return x;
    if (type === "content") return { type, value: Array.isArray(x) ? (x as ToolContent[]) : [] };
    return { type, value: x };
  },
};
