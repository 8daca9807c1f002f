import { encodeBase64 } from "../profiles/opencode-cli/bytes-base64.js";

/**
 * webfetch's observation: GET the URL (the fake server's pages) with the call's timeout
 * (`min((timeout ?? 30) × 1000, 120000)` ms) and record status, content-type and body
 * (base64 for image bodies). A network failure or timeout is an error observation.
 * @see spec §2.8 v1, schemas/observations/webfetch.json
 */
export async function observeWebfetch(input: Record<string, unknown>, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  const url = typeof input.url === "string" ? input.url : "";
  if (!url.startsWith("http://") && !url.startsWith("https://")) return { url, contentType: "" };
  const seconds = typeof input.timeout === "number" ? input.timeout : 30;
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(Math.min(seconds * 1000, 120000)) });
    const contentType = response.headers.get("content-type") ?? "";
    const bytes = new Uint8Array(await response.arrayBuffer());
    const image = contentType.toLowerCase().startsWith("image/") && !contentType.includes("svg");
    return { url, status: response.status, contentType, ...(image ? { base64: encodeBase64(bytes) } : { body: new TextDecoder().decode(bytes) }) };
  } catch (error) {
    return { error: error instanceof Error && error.name === "TimeoutError" ? "Request timed out" : error instanceof Error ? error.message : String(error) };
  }
}
