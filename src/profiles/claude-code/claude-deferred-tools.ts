import { UnsupportedError } from "../profile.js";
import { type ClaudeCodeResult, claudeError, toolUseError } from "./claude-result.js";

/** Hosts the gate serves pages on: the binary's domain safety check (a request to claude.ai) cannot pass offline for them. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost"]);

/**
 * WebFetch of a loopback page: before fetching, the binary asks claude.ai whether the domain is
 * safe; offline that check fails, and the result is its error (`is_error`, no `<tool_use_error>`).
 * Other URLs (preapproved documentation hosts skip the check; a URL that does not parse is refused
 * first) are not modelled. @see docs/spec/claude-code-2.1.332.md §7.4
 */
export function formatClaudeWebFetch(input: Record<string, unknown>): ClaudeCodeResult {
  let url: URL;
  try {
    url = new URL(String(input.url));
  } catch {
    throw new UnsupportedError("claude-code: WebFetch of a URL that does not parse is not modelled (spec §9)");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new UnsupportedError("claude-code: WebFetch of a non-loopback URL is not modelled (spec §9)");
  }
  return claudeError(`Unable to verify if domain ${url.hostname} is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.`);
}

/** NotebookEdit of a notebook the session has not read: refused before anything else is checked. @see spec §7.4 */
export function formatClaudeNotebookEdit(observation: Record<string, unknown>): ClaudeCodeResult {
  if (observation.kind === "file" && observation.known === false) return toolUseError("File has not been read yet. Read it first before writing to it.");
  throw new UnsupportedError("claude-code: NotebookEdit of a missing notebook or one the session has read is not modelled (spec §9)");
}
