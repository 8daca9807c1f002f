import type { ToolOutput as GeneratedToolOutput } from "../../../generated/schema-types.js";
import type { ToolContent } from "./core-tool-content.js";
import type { ToolResultValue } from "./core-tool-result-value.js";

/**
 * LLM.ToolOutput: what a v2 tool produces before it becomes a ToolResultValue
 * (schemas/envelope/tool-output.json).
 * @see spec §1.1
 */
export type ToolOutput = GeneratedToolOutput;

/** `ToolOutput.make`, `toResultValue` and `fromResultValue`. @see spec §1.1 */
export const ToolOutput = {
  /** @see spec §1.1 (`make(structured, content = [])`) */
  make(structured: unknown, content: ToolContent[] = []): ToolOutput {
    return { structured, content };
  },

  /**
   * No content → json of `structured`; one text part → text; anything else → content
   * (even two text parts).
   * @see spec §1.1 (toResultValue rules 1–3)
   */
  toResultValue(output: ToolOutput): ToolResultValue {
    const { content } = output;
    if (content.length === 0) return { type: "json", value: output.structured };
    const first = content[0];
    if (content.length === 1 && first.type === "text") return { type: "text", value: first.text };
    return { type: "content", value: content };
  },

  /**
   * The inverse used for legacy tools: json → structured; text → one text part holding the
   * value as a string; content → the parts; error → undefined.
   * @see spec §1.1 (fromResultValue)
   */
  fromResultValue(result: ToolResultValue): ToolOutput | undefined {
    switch (result.type) {
      case "json":
        return { structured: result.value, content: [] };
      case "text":
        return { structured: {}, content: [{ type: "text", text: resultText(result.value) }] };
      case "content":
        return { structured: {}, content: result.value };
      case "error":
        return undefined;
      default: {
        const _exhaustive: never = result;
        return _exhaustive;
      }
    }
  },
};

/**
 * The string form of a text result's value: the value itself if it is a string, else
 * `JSON.stringify(value) ?? String(value)`, else `String(value)` if stringify throws.
 * @see spec §1.1 (fromResultValue, the str rule)
 */
export function resultText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
