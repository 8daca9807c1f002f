import type { ToolResultValue } from "../../generated/schema-types.js";
import { LoweringError } from "../lowering-error.js";

/** Effect's `Schema.Json`: null, booleans, finite numbers, strings, arrays and plain objects of those; undefined-valued keys fail. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object") {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value as Record<string, unknown>).every(isJson);
  }
  return false;
}

function isStructured(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * `ProviderShared.toolResultText`: the string a text, error or json result goes out as.
 * @see spec §4.3 (toolResultText)
 */
export function coreToolResultText(result: Exclude<ToolResultValue, { type: "content" }>): string {
  switch (result.type) {
    case "text":
      return String(result.value);
    case "error":
      return isStructured(result.value) && isJson(result.value) ? JSON.stringify(result.value) : String(result.value);
    case "json": {
      const text = JSON.stringify(result.value) as string | undefined;
      if (text === undefined) throw new LoweringError("Expected a JSON-serializable value");
      return text;
    }
    default: {
      const _exhaustive: never = result;
      return _exhaustive;
    }
  }
}
