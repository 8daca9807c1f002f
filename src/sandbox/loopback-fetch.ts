import { isIP } from "node:net";

/** Whether a URL's host is this machine's loopback: 127.0.0.0/8, ::1, or localhost. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || bare === "0:0:0:0:0:0:0:1";
  return false;
}

/** Redirect statuses fetch follows (Fetch standard, "redirect status"). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's redirect limit (Fetch standard, HTTP-redirect fetch step 5; undici: 20). */
const MAX_REDIRECTS = 20;

/**
 * A fetch that reaches only 127.0.0.1: a URL elsewhere — asked for, or reached by a redirect —
 * fails as an unreachable host does in a loopback-only network namespace (`TypeError: fetch
 * failed`, cause ENOTFOUND), without a packet leaving the machine. Redirects are followed here,
 * hop by hop, with fetch's rules for the method and body (303, or 301/302 after a POST, become a
 * GET without a body), so that each hop is checked first.
 */
export function createLoopbackFetch(inner: typeof fetch = fetch): typeof fetch {
  const refuse = (url: string) => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${safeHost(url)}`), { code: "ENOTFOUND" }) });
  const loopbackFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    let request: RequestInit = { ...init };
    const follow = (init?.redirect ?? "follow") === "follow";
    for (let hop = 0; ; hop++) {
      if (!isLoopbackUrl(url)) throw refuse(url);
      const response = await inner(url, { ...request, redirect: "manual" });
      const location = response.headers.get("location");
      if (!follow || !REDIRECTS.has(response.status) || location === null) return response;
      if (hop >= MAX_REDIRECTS) throw new TypeError("fetch failed", { cause: new Error("redirect count exceeded") });
      await response.body?.cancel();
      const method = (request.method ?? "GET").toUpperCase();
      if (response.status === 303 ? method !== "HEAD" : (response.status === 301 || response.status === 302) && method === "POST") {
        request = { ...request, method: "GET", body: undefined };
      }
      url = new URL(location, url).href;
    }
  };
  return loopbackFetch as typeof fetch;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
