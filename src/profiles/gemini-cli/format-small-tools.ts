import { UnsupportedError } from "../profile.js";
import { geminiParamsError } from "./gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "./gemini-result.js";
import { GEMINI_TOOL_NAMES } from "./gemini-tools.js";

/** The statuses a todo may have. @see spec §9 */
const TODO_STATUSES = ["pending", "in_progress", "completed", "cancelled", "blocked"];

/** write_todos's result: its own checks, then the numbered list. @see docs/spec/gemini-cli-0.61.0.md §9 */
export function formatWriteTodos(callInput: unknown): GeminiCliResult {
  const paramsError = geminiParamsError("write_todos", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const todos = geminiInput(callInput).todos as { description: string; status: string }[];
  for (const todo of todos) {
    if (!todo.description.trim()) return geminiError("Each todo must have a non-empty description string");
    if (!TODO_STATUSES.includes(todo.status)) return geminiError(`Each todo must have a valid status (${TODO_STATUSES.join(", ")})`);
  }
  if (todos.filter((todo) => todo.status === "in_progress").length > 1) return geminiError('Invalid parameters: Only one task can be "in_progress" at a time.');
  if (todos.length === 0) return geminiOutput("Successfully cleared the todo list.");
  return geminiOutput(`Successfully updated the todo list. The current list is now:\n${todos.map((todo, index) => `${index + 1}. [${todo.status}] ${todo.description}`).join("\n")}`);
}

/** Whether a URL's host is loopback or private (IPv4 literals and `localhost`; names are not resolved). */
function blockedHost(url: URL): boolean | null {
  const host = url.hostname;
  if (host === "localhost" || host === "[::1]") return true;
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

/** The Levenshtein distance of two strings (fast-levenshtein's, over UTF-16 code units). */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * An unknown tool: `Tool "<name>" not found.` and the three registered names nearest by
 * Levenshtein distance (stable over the registry order).
 * @see docs/spec/gemini-cli-0.61.0.md §10 [bundle: packages/core/src/utils/tool-utils.ts getToolSuggestion]
 */
export function formatUnknownTool(tool: string): GeminiCliResult {
  const nearest = GEMINI_TOOL_NAMES.map((name) => ({ name, distance: levenshtein(tool, name) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map((match) => `"${match.name}"`);
  const suggestion = nearest.length > 1 ? ` Did you mean one of: ${nearest.join(", ")}?` : nearest.length === 1 ? ` Did you mean ${nearest[0]}?` : "";
  return geminiError(`Tool "${tool}" not found.${suggestion}`);
}
