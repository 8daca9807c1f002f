import type { WebfetchFacts } from "../../generated/schema-types.js";
import { UnsupportedError } from "../profile.js";
import { input } from "./core-input-check.js";
import type { CoreTool } from "./core-tool-definition.js";
import type { ToolFailure } from "./core-tool-failure.js";
import { toolFailure } from "./core-tool-failure.js";
import type { ToolOutput } from "./core-tool-output.js";
import { requireFacts } from "./core-observation-facts.js";

/** webfetch's input. @see spec §2.8 */
export interface WebfetchInput {
  url: string;
  format?: "markdown" | "text" | "html";
  timeout?: number;
}

/**
 * The text part is the converted body. Non-HTML bodies and `format: "html"` pass through as they
 * are; HTML → markdown/text conversion (Turndown, htmlparser2) and image bodies are not modelled
 * and are reported as unsupported. A non-2xx status fails with the HTTP client's text.
 * @see spec §2.8 (v2: `output.output`), README v1 list (webfetch non-2xx text)
 */
export function formatWebfetch(webfetchInput: WebfetchInput, observation: WebfetchFacts): ToolOutput | ToolFailure {
  requireFacts("webfetch", observation, { url: "string", contentType: "string" });
  const status = observation.status ?? 200;
  if (status < 200 || status > 299) return toolFailure(`StatusCode: non 2xx status code (${status} GET ${observation.url})`);
  const format = webfetchInput.format ?? "markdown";
  if (observation.body === undefined) throw new UnsupportedError("opencode-core webfetch: binary (image) bodies are not modelled");
  if (/text\/html/i.test(observation.contentType) && format !== "html") {
    throw new UnsupportedError(`opencode-core webfetch: HTML to ${format} conversion is not modelled`);
  }
  return { structured: { url: observation.url, contentType: observation.contentType }, content: [{ type: "text", text: observation.body }] };
}

/** @see spec §2.8 */
export const webfetchTool: CoreTool<WebfetchInput, WebfetchFacts> = {
  input: [
    input.required("url", input.string),
    input.optional("format", input.literal("markdown", "text", "html")),
    input.optional("timeout", input.number),
  ],
  format: formatWebfetch,
};
