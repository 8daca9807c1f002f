import { type GeminiCliResult, geminiError } from "./gemini-result.js";
import { GEMINI_TOOL_NAMES } from "./gemini-tools.js";

/** The Levenshtein distance of two strings (fast-levenshtein's, over UTF-16 code units). */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * An unknown tool: `Tool "<name>" not found.` and the three registered names nearest by
 * Levenshtein distance (stable over the registry order: the session's, which plan mode changes).
 * @see docs/spec/gemini-cli-0.61.0.md §10 [bundle: packages/core/src/utils/tool-utils.ts getToolSuggestion]
 */
export function formatUnknownTool(tool: string, registry: readonly string[] = GEMINI_TOOL_NAMES): GeminiCliResult {
  const nearest = registry
    .map((name) => ({ name, distance: levenshtein(tool, name) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map((match) => `"${match.name}"`);
  const suggestion = nearest.length > 1 ? ` Did you mean one of: ${nearest.join(", ")}?` : nearest.length === 1 ? ` Did you mean ${nearest[0]}?` : "";
  return geminiError(`Tool "${tool}" not found.${suggestion}`);
}
