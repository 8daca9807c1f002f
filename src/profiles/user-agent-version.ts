/**
 * The agent version a request's User-Agent header reports, read with `pattern` (its first group:
 * x.y.z), or undefined when the header is missing or does not match. Header names are lower case
 * (as the fake records them).
 */
export function userAgentVersion(headers: Readonly<Record<string, string>>, pattern: RegExp): string | undefined {
  const match = pattern.exec(headers["user-agent"] ?? "");
  return match?.[1];
}
