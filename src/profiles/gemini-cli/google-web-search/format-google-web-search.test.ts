import { describe, expect, it } from "vitest";
import { UnsupportedError } from "../../profile.js";
import { formatGoogleWebSearch } from "./format-google-web-search.js";

// Expected texts: what Gemini CLI 0.61.0 sent for these calls (scenario gemini-session-tools, recorded
// with `correx gate --against golden`, 2026-12-06). docs/spec/gemini-cli-0.61.0.md §16.4
describe("gemini-cli google_web_search (spec §16.4)", () => {
  it("wraps the grounded answer", () => {
    expect(formatGoogleWebSearch({ query: "alpha grounding" }, { searchAnswer: { text: "Alpha is the first letter." } })).toEqual({
      response: { output: 'Web search results for "alpha grounding":\n\nAlpha is the first letter.' },
    });
  });

  it("inserts citation markers at UTF-8 byte offsets (latest first, a cut character as U+FFFD) and lists the sources", () => {
    const groundingMetadata = {
      groundingChunks: [{ web: { uri: "https://example.com/beta", title: "Beta page" } }, { web: { uri: "https://example.com/gamma" } }, {}],
      groundingSupports: [
        { segment: { startIndex: 0, endIndex: 15 }, groundingChunkIndices: [0] },
        { segment: { startIndex: 16, endIndex: 28 }, groundingChunkIndices: [1, 2] },
        { segment: { startIndex: 0, endIndex: 7 }, groundingChunkIndices: [0] },
        { segment: { startIndex: 0, endIndex: 6 }, groundingChunkIndices: [2] },
        { groundingChunkIndices: [1] },
      ],
    };
    expect(formatGoogleWebSearch({ query: "beta grounding please" }, { searchAnswer: { text: "Beta é second. Gamma third.", groundingMetadata } })).toEqual({
      response: {
        output:
          'Web search results for "beta grounding please":\n\nBeta \uFFFD[3]\uFFFD[1] second.[1] Gamma third.[2][3]\n\nSources:\n[1] Beta page (https://example.com/beta)\n[2] Untitled (https://example.com/gamma)\n[3] Untitled (No URI)',
      },
    });
  });

  it("answers a blank or missing answer text with no results", () => {
    expect(formatGoogleWebSearch({ query: "a blank answer here" }, { searchAnswer: { text: "   " } })).toEqual({
      response: { output: 'No search results or information found for query: "a blank answer here"' },
    });
    expect(formatGoogleWebSearch({ query: "q" }, { searchAnswer: { text: null } }).response).toEqual({ output: 'No search results or information found for query: "q"' });
  });

  it("refuses a blank query and arguments its schema refuses", () => {
    expect(formatGoogleWebSearch({ query: "  " }, {})).toEqual({ response: { error: "The 'query' parameter cannot be empty." } });
    expect(formatGoogleWebSearch({}, {})).toEqual({ response: { error: "params must have required property 'query'" } });
  });

  it("is unsupported without the fake's answer", () => {
    expect(() => formatGoogleWebSearch({ query: "q" }, {})).toThrow(UnsupportedError);
    expect(() => formatGoogleWebSearch({ query: "q" }, { searchUnmodelled: "x" })).toThrow(/google_web_search: x is not modelled/);
  });
});
