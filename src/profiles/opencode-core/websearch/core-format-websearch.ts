import type { WebsearchFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** websearch's input. @see spec §2.9 */
export interface WebsearchInput {
  query: string;
}

/** The v1 text when no result came back (v2 is assumed to share it). @see spec §2.9 */
export const WEBSEARCH_NO_RESULTS = "No search results found. Please try a different query.";

/**
 * The text part is the provider text.
 * @see spec §2.9 (v2)
 */
export function formatWebsearch(_input: WebsearchInput, observation: WebsearchFacts): ToolOutput {
  requireFacts("websearch", observation, { text: "string-or-null" });
  return { structured: { text: observation.text }, content: [{ type: "text", text: observation.text ?? WEBSEARCH_NO_RESULTS }] };
}

/** @see spec §2.9 */
export const websearchTool: CoreTool<WebsearchInput, WebsearchFacts> = {
  input: [input.required("query", input.string)],
  format: formatWebsearch,
};
