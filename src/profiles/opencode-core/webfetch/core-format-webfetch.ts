import type { WebfetchFacts } from "../../../generated/schema-types.js";
import { extractHtmlText } from "../../opencode-shared/html-extract-text.js";
import { htmlToMarkdown } from "../../opencode-shared/html-to-markdown.js";
import { UnsupportedError } from "../../profile.js";
import { input } from "../core-input-check.js";
import { requireFacts } from "../core-observation-facts.js";
import type { CoreTool } from "../core-tool-definition.js";
import type { ToolFailure } from "../result/core-tool-failure.js";
import { toolFailure } from "../result/core-tool-failure.js";
import type { ToolOutput } from "../result/core-tool-output.js";

/** webfetch's input. @see spec §2.8 */
export interface WebfetchInput {
  url: string;
  format?: "markdown" | "text" | "html";
  timeout?: number;
}

/**
 * The text part is the converted body: HTML becomes Markdown (Turndown) or text (htmlparser2) by
 * the same functions as in v1; non-HTML bodies and `format: "html"` pass through as they are.
 * Image bodies are not modelled (unsupported). A non-2xx status fails with the HTTP client's text.
 * @see spec §2.8 (v2: `output.output`), the binary's bundle (the v2 webfetch tool calls the same
 * markdown and text functions as v1), README v1 list (webfetch non-2xx text)
 */
export function formatWebfetch(webfetchInput: WebfetchInput, observation: WebfetchFacts): ToolOutput | ToolFailure {
  requireFacts("webfetch", observation, { url: "string", contentType: "string" });
  const status = observation.status ?? 200;
  if (status < 200 || status > 299) return toolFailure(`StatusCode: non 2xx status code (${status} GET ${observation.url})`);
  const format = webfetchInput.format ?? "markdown";
  if (observation.body === undefined) throw new UnsupportedError("opencode-core webfetch: binary (image) bodies are not modelled");
  const html = observation.contentType.includes("text/html");
  const text = !html || format === "html" ? observation.body : format === "text" ? extractHtmlText(observation.body) : htmlToMarkdown(observation.body);
  return { structured: { url: observation.url, contentType: observation.contentType }, content: [{ type: "text", text }] };
}

/** @see spec §2.8 */
export const webfetchTool: CoreTool<WebfetchInput, WebfetchFacts> = {
  input: [
    input.required("url", input.string),
    // the bundle's literal order and the timeout check IK (> 0, ≤ 120)
    input.optional("format", input.literal("text", "markdown", "html")),
    input.optional("timeout", input.boundedNumber({ greaterThan: 0, atMost: 120 })),
  ],
  format: formatWebfetch,
};
