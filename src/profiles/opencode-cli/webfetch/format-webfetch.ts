import { base64DecodedLength, decodeBase64, encodeBase64 } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { extractHtmlText } from "../../opencode-shared/html-extract-text.js";
import { htmlToMarkdown } from "../../opencode-shared/html-to-markdown.js";
import { UnsupportedError } from "../../profile.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { WebfetchObservation } from "../format-observations.js";
import { ToolFailure, type ToolOutcome } from "../result/format-result.js";

/** @see spec §2.8 v1 (5 MB response limit) */
export const WEBFETCH_MAX_RESPONSE_BYTES = 5242880;

/** webfetch's v1 parameters. */
export interface WebfetchInput {
  url: string;
  format?: "markdown" | "text" | "html";
  timeout?: number;
}

/**
 * v1 webfetch: URL check, non-2xx error, size limit, image attachment, else the body
 * (trimmed HTML text for `text`, raw for non-HTML and for `html`). Title `<url> (<content-type>)`.
 * HTML → markdown covers the subset htmlToMarkdown can state exactly; beyond it, UnsupportedError.
 * @see spec §2.8 v1, README "webfetch"
 */
export function formatWebfetch(input: WebfetchInput, observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  if (!input.url.startsWith("http://") && !input.url.startsWith("https://")) {
    throw new ToolFailure("URL must start with http:// or https://");
  }
  failOnErrorObservation(observation);
  const fetched = observation as unknown as WebfetchObservation;
  const status = fetched.status ?? 200;
  if (status < 200 || status > 299) {
    throw new ToolFailure(`StatusCode: non 2xx status code (${status} GET ${input.url})`);
  }
  const size = fetched.base64 !== undefined ? base64DecodedLength(fetched.base64) : utf8Length(fetched.body ?? "");
  if (size > WEBFETCH_MAX_RESPONSE_BYTES) throw new ToolFailure("Response too large (exceeds 5MB limit)");

  const contentType = fetched.contentType;
  const mime = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const title = `${input.url} (${contentType})`;
  if (mime.startsWith("image/") && mime !== "image/svg+xml" && mime !== "image/vnd.fastbidsheet") {
    const data = fetched.base64 ?? encodeBase64(new TextEncoder().encode(fetched.body ?? ""));
    return { title, output: "Image fetched successfully", attachments: [{ type: "file", mime, url: `data:${mime};base64,${data}` }] };
  }
  const body = fetched.body ?? new TextDecoder().decode(decodeBase64(fetched.base64 ?? ""));
  const html = contentType.includes("text/html");
  const format = input.format ?? "markdown";
  switch (format) {
    case "html":
      return { title, output: body };
    case "text":
      return { title, output: html ? extractHtmlText(body) : body };
    case "markdown":
      return { title, output: html ? htmlToMarkdown(body) : body };
    default: {
      const _exhaustive: never = format;
      throw new UnsupportedError(`Unknown webfetch format ${JSON.stringify(_exhaustive)}`);
    }
  }
}
