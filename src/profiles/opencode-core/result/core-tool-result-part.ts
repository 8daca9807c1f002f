import type { CacheHint, ToolMessage as GeneratedToolMessage, ToolResultPart as GeneratedToolResultPart, ProviderMetadata } from "../../../generated/schema-types.js";
import type { ToolResultType } from "./core-tool-result-value.js";
import { ToolResultValue } from "./core-tool-result-value.js";

/**
 * LLM.Content.ToolResult (schemas/envelope/tool-result-part.json).
 * @see spec §1.1
 */
export type ToolResultPart = GeneratedToolResultPart;

/** `ToolResultPart.make`'s argument: `result` is any value, shaped by `resultType`. */
export interface ToolResultPartInit {
  id: string;
  name: string;
  result: unknown;
  resultType?: ToolResultType;
  providerExecuted?: boolean;
  cache?: CacheHint;
  metadata?: Record<string, unknown>;
  providerMetadata?: ProviderMetadata;
}

/** `ToolResultPart.make`. */
export const ToolResultPart = {
  /**
   * Builds the part, with `result = ToolResultValue.make(result, resultType)`; optional fields
   * are present only when given.
   * @see spec §1.1 (ToolResultPart.make)
   */
  make(init: ToolResultPartInit): ToolResultPart {
    const part: ToolResultPart = {
      type: "tool-result",
      id: init.id,
      name: init.name,
      result: ToolResultValue.make(init.result, init.resultType),
    };
    if (init.providerExecuted !== undefined) part.providerExecuted = init.providerExecuted;
    if (init.cache !== undefined) part.cache = init.cache;
    if (init.metadata !== undefined) part.metadata = init.metadata;
    if (init.providerMetadata !== undefined) part.providerMetadata = init.providerMetadata;
    return part;
  },
};

/** The tool message of schemas/envelope/message.json. */
export type ToolMessage = GeneratedToolMessage;

/** `Message.tool`. */
export const Message = {
  /** Wraps one part into `{role:"tool", content:[part]}`. @see spec §1.1 (Message.tool) */
  tool(part: ToolResultPart): ToolMessage {
    return { role: "tool", content: [part] };
  },
};
