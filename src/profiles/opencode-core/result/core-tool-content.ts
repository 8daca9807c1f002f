/**
 * ToolContent: one item of a v2 tool's model output (schemas/envelope/tool-content.json).
 * @see spec §1.1
 */

import type { ToolContent, ToolFileContent, ToolTextContent } from "../../../generated/schema-types.js";

export type { ToolContent, ToolFileContent, ToolTextContent };

/** A text part. */
export function textContent(text: string): ToolTextContent {
  return { type: "text", text };
}

/**
 * The file part a tool's `{type:"file", data, mime, name}` model output becomes.
 * @see spec §1.2 (settle step 4: `uri: data:${mime};base64,${data}`)
 */
export function fileContent(data: string, mime: string, name?: string): ToolFileContent {
  const part: ToolFileContent = { type: "file", uri: `data:${mime};base64,${data}`, mime };
  if (name !== undefined) part.name = name;
  return part;
}
