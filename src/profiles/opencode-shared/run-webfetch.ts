import { encodeBase64 } from "../../text/base64.js";
import type { OpencodeRunContext } from "./opencode-runtime.js";

/**
 * webfetch: GET the URL with the call's timeout (`min((timeout ?? 30) × 1000, 120000)` ms) and
 * record status, content-type and body (base64 for image bodies, else UTF-8 text). A URL that is
 * not http(s) has no exchange; a timeout is `Request timed out`; any other failure `Transport error (GET <url>)`.
 * @see spec §2.8, schemas/observations/webfetch.json
 */
export async function runWebfetch(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  const { input } = context;
  if (typeof input.url !== "string") return {};
  return context.runtime === "v2" ? runWebfetchV2(context, input.url) : runWebfetchV1(context, input.url);
}

async function runWebfetchV1(context: OpencodeRunContext, url: string): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  if (!url.startsWith("http://") && !url.startsWith("https://")) return { url, contentType: "" };
  const seconds = typeof input.timeout === "number" ? input.timeout : 30;
  const fact = await environment.fetch({ url, timeoutMs: Math.min(seconds * 1000, 120000) });
  // Any other failure to reach the server is Effect's HttpClient TransportError without a description: `Transport error (GET <url>)` (observed for a refused connection, unseen batch 4; bundle `pz`).
  if ("failure" in fact) return { error: fact.failure === "timeout" ? "Request timed out" : `Transport error (GET ${url})` };
  const contentType = fact.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const image = contentType.toLowerCase().startsWith("image/") && !contentType.includes("svg");
  return { url, status: fact.status, contentType, ...(image ? { base64: encodeBase64(fact.body) } : { body: new TextDecoder().decode(fact.body) }) };
}

/** v2's body limit (bundle `d0`). */
const V2_MAX_BODY_BYTES = 5242880;

/** A content type v2 reads as text: none, text/*, JSON, XML, JavaScript (bundle `xK`). */
const v2ReadsAsText = (mime: string) =>
  mime === "" ||
  mime.startsWith("text/") ||
  mime === "application/json" ||
  mime.endsWith("+json") ||
  mime === "application/xml" ||
  mime.endsWith("+xml") ||
  mime === "application/javascript" ||
  mime === "application/x-javascript";

/**
 * v2 webfetch (bundle `WebfetchTool`): a URL whose protocol is not http(s), a failed request or
 * timeout (`timeout ?? 30` s), a non-2xx status, an image or any content type it does not read as
 * text, a body over 5 MiB — every failure is `Unable to fetch <url>` (the tool maps all of them).
 * Otherwise the body as UTF-8 text with its content type.
 * @see spec §2.8 (v2); the 1.18.33 bundle (hK, MK, UK, xK, d0, m2); differential seed 5002
 */
async function runWebfetchV2(context: OpencodeRunContext, url: string): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  const unable = { error: `Unable to fetch ${url}` };
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return unable;
  }
  if (protocol !== "http:" && protocol !== "https:") return unable;
  const seconds = typeof input.timeout === "number" ? input.timeout : 30;
  const fact = await environment.fetch({ url, timeoutMs: seconds * 1000, maxBodyBytes: V2_MAX_BODY_BYTES + 1 });
  if ("failure" in fact || fact.status < 200 || fact.status > 299) return unable;
  const contentType = fact.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const mime = contentType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const image = mime.startsWith("image/") && mime !== "image/svg+xml" && mime !== "image/vnd.fastbidsheet";
  if (image || !v2ReadsAsText(mime) || fact.bodyCut || fact.body.length > V2_MAX_BODY_BYTES) return unable;
  return { url, status: fact.status, contentType, body: new TextDecoder().decode(fact.body) };
}
