import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput } from "../gemini-result.js";

/**
 * Whether a URL's host is loopback or private: `localhost` and names ending in `.localhost`,
 * `.local` or `.internal` (blocked before any lookup), IPv4 literals; other names are not resolved.
 * @see spec §8 [bundle: packages/core/src/utils/fetch.ts `isPrivateIpAsync`] [observed: gemini-unseen2-web-topic-todos]
 */
function blockedHost(url: URL): boolean | null {
  const host = url.hostname;
  if (host === "localhost" || host === "[::1]" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  const octets = host.split(".").map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return null;
  const [a, b] = octets as [number, number, number, number];
  return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/**
 * web_fetch's result for what the profile models: the prompt's checks, and URLs that are all on
 * loopback or private hosts (skipped as `[Blocked Host]`). Fetching public URLs (through the
 * model's URL context, or the fallback fetch and summary) is not modelled.
 * @see docs/spec/gemini-cli-0.61.0.md §8 [bundle: packages/core/src/tools/web-fetch.ts]
 */
export function formatWebFetch(callInput: unknown): GeminiCliResult {
  const paramsError = geminiParamsError("web_fetch", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const prompt = geminiInput(callInput).prompt as string;
  if (prompt.trim() === "") return geminiError("The 'prompt' parameter cannot be empty and must contain URL(s) and instructions.");
  const urls: string[] = [];
  const errors: string[] = [];
  for (const token of prompt.split(/\s+/)) {
    if (!token?.includes("://")) continue;
    try {
      const url = new URL(token);
      if (url.protocol === "http:" || url.protocol === "https:") urls.push(url.href);
      else errors.push(`Unsupported protocol in URL: "${token}". Only http and https are supported.`);
    } catch {
      errors.push(`Malformed URL detected: "${token}".`);
    }
  }
  if (errors.length > 0) return geminiError(`Error(s) in prompt URLs:\n- ${errors.join("\n- ")}`);
  if (urls.length === 0) return geminiError("The 'prompt' must contain at least one valid URL (starting with http:// or https://).");
  const unique = [...new Set(urls)];
  const skipped: string[] = [];
  for (const url of unique) {
    const blocked = blockedHost(new URL(url));
    if (blocked !== true) throw new UnsupportedError(`web_fetch: fetching ${url} (not a loopback or private IPv4 host) is not modelled`);
    skipped.push(`[Blocked Host] ${url}`);
  }
  return geminiError(`All requested URLs were skipped: ${skipped.join(", ")}`);
}
