import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { WebsearchObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 websearch: the provider's first text, or the no-results sentence. Title names the backend.
 * @see spec §2.9 v1
 */
export function formatWebsearch(input: { query: string }, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const search = observation as unknown as WebsearchObservation;
  const backend = search.provider === "parallel" ? "Parallel" : "Exa";
  return {
    title: `${backend} Web Search: ${input.query}`,
    output: search.text ?? "No search results found. Please try a different query.",
  };
}
