import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";

/** One citation to insert: after the answer's byte `index`, the markers of the chunks a support cites. */
interface Insertion {
  index: number;
  marker: string;
}

/**
 * google_web_search's result: the schema and the blank query refused; an answer whose text is
 * missing or blank is "no results"; otherwise the answer with citation markers (`[n]` for each
 * chunk a grounding support cites, 1-based) inserted at each support's `segment.endIndex` — a
 * UTF-8 byte offset, clamped to the text and to the insertion after it, the latest first — and
 * `⏎⏎Sources:⏎[n] <title or Untitled> (<uri or No URI>)` for the grounding chunks, after
 * `Web search results for "<query>":⏎⏎`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/tools/web-search.ts `WebSearchToolInvocation.execute`]
 */
export function formatGoogleWebSearch(callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError("google_web_search", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const query = geminiInput(callInput).query as string;
  if (query.trim() === "") return geminiError("The 'query' parameter cannot be empty.");
  if (typeof observation.searchUnmodelled === "string") throw new UnsupportedError(`gemini-cli: google_web_search: ${observation.searchUnmodelled} is not modelled (spec §16.4)`);
  const answer = observation.searchAnswer as { text: string | null; groundingMetadata?: Record<string, unknown> } | undefined;
  if (answer === undefined) throw new UnsupportedError("gemini-cli: google_web_search's answer was not observed (a corpus case without the fake's answer; spec §16.4)");
  if (answer.text === null || answer.text.trim() === "") return geminiOutput(`No search results or information found for query: "${query}"`);
  return geminiOutput(`Web search results for "${query}":\n\n${groundedText(answer.text, answer.groundingMetadata)}`);
}

/** The answer with its citation markers and sources list. */
function groundedText(text: string, metadata: Record<string, unknown> | undefined): string {
  const sources = metadata?.groundingChunks;
  if (!Array.isArray(sources) || sources.length === 0) return text;
  const list = sources.map((source, index) => {
    if (source === null || typeof source !== "object")
      throw new UnsupportedError("gemini-cli: google_web_search: a grounding chunk that is not an object (the CLI's search then fails) is not modelled (spec §16.4)");
    const web = (source as { web?: { title?: unknown; uri?: unknown } }).web;
    return `[${index + 1}] ${truthyText(web?.title) ?? "Untitled"} (${truthyText(web?.uri) ?? "No URI"})`;
  });
  const supports = metadata?.groundingSupports;
  let cited = text;
  if (Array.isArray(supports) && supports.length > 0) cited = withCitations(text, insertionsOf(supports));
  return `${cited}\n\nSources:\n${list.join("\n")}`;
}

/** A value the CLI prints as itself (a non-empty string); anything else falls back. */
function truthyText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "" || value === false || value === 0) return undefined;
  if (typeof value !== "string") throw new UnsupportedError("gemini-cli: google_web_search: a grounding chunk's title or uri that is not a string is not modelled (spec §16.4)");
  return value;
}

/** The insertions of the supports that have a segment and chunk indices, latest offset first (a stable sort: equal offsets keep their order). */
function insertionsOf(supports: readonly unknown[]): Insertion[] {
  const insertions: Insertion[] = [];
  for (const support of supports) {
    const { segment, groundingChunkIndices } = (support ?? {}) as { segment?: { endIndex?: unknown }; groundingChunkIndices?: unknown };
    if (!segment || !groundingChunkIndices) continue;
    const index = segment.endIndex;
    if (!Array.isArray(groundingChunkIndices) || !groundingChunkIndices.every((chunk) => Number.isInteger(chunk)) || !Number.isInteger(index) || (index as number) < 0) {
      throw new UnsupportedError("gemini-cli: google_web_search: a grounding support whose endIndex or chunk indices are not non-negative integers is not modelled (spec §16.4)");
    }
    insertions.push({ index: index as number, marker: groundingChunkIndices.map((chunk: number) => `[${chunk + 1}]`).join("") });
  }
  return insertions.sort((a, b) => b.index - a.index);
}

/** The text's UTF-8 bytes with each marker inserted at its offset (clamped as the CLI clamps), decoded back (a cut sequence becomes U+FFFD). */
function withCitations(text: string, insertions: readonly Insertion[]): string {
  const encoder = new TextEncoder();
  const bytes = encoder.encode(text);
  const pieces: Uint8Array[] = [];
  let last = bytes.length;
  for (const insertion of insertions) {
    const position = Math.min(insertion.index, last);
    pieces.unshift(bytes.subarray(position, last));
    pieces.unshift(encoder.encode(insertion.marker));
    last = position;
  }
  pieces.unshift(bytes.subarray(0, last));
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return new TextDecoder().decode(joined);
}
