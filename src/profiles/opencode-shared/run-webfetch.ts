import { encodeBase64 } from "../../text/base64.js";
import type { OpencodeRunContext } from "./opencode-runtime.js";

/**
 * webfetch: GET the URL with the call's timeout (`min((timeout ?? 30) × 1000, 120000)` ms) and
 * record status, content-type and body (base64 for image bodies, else UTF-8 text). A URL that is
 * not http(s) has no exchange; a timeout is `Request timed out`; any other failure its message.
 * @see spec §2.8, schemas/observations/webfetch.json
 */
export async function runWebfetch(context: OpencodeRunContext): Promise<Record<string, unknown>> {
  const { input, environment } = context;
  if (typeof input.url !== "string") return {};
  const url = input.url;
  if (!url.startsWith("http://") && !url.startsWith("https://")) return { url, contentType: "" };
  const seconds = typeof input.timeout === "number" ? input.timeout : 30;
  const fact = await environment.fetch({ url, timeoutMs: Math.min(seconds * 1000, 120000) });
  if ("failure" in fact) return { error: fact.failure === "timeout" ? "Request timed out" : fact.message };
  const contentType = fact.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const image = contentType.toLowerCase().startsWith("image/") && !contentType.includes("svg");
  return { url, status: fact.status, contentType, ...(image ? { base64: encodeBase64(fact.body) } : { body: new TextDecoder().decode(fact.body) }) };
}
