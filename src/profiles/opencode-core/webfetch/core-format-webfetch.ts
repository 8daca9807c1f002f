import type { WebfetchFacts } from "../../../generated/schema-types.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { extractHtmlText } from "../../opencode-shared/html-extract-text.js";
import { htmlToMarkdown } from "../../opencode-shared/html-to-markdown.js";
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
 * the same functions as in v1; other text bodies and `format: "html"` pass through as they are.
 * Every failure — a non-2xx status, an image or other body it does not read as text (the runner
 * records these as `error`), a timeout — is `Unable to fetch <url>`.
 * @see spec §2.8 (v2: `output.output`), the 1.18.33 bundle (the v2 webfetch tool maps every
 * failure to `Unable to fetch`; it calls the same markdown and text functions as v1); seed 5002
 */
export function formatWebfetch(webfetchInput: WebfetchInput, observation: WebfetchFacts): ToolOutput | ToolFailure {
  requireFacts("webfetch", observation, { url: "string", contentType: "string" });
  const status = observation.status ?? 200;
  if (status < 200 || status > 299 || observation.body === undefined) return toolFailure(`Unable to fetch ${observation.url}`);
  const format = webfetchInput.format ?? "markdown";
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
