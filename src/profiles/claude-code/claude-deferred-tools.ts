import { UnsupportedError } from "../profile.js";
import { type ClaudeCodeResult, claudeError, toolUseError } from "./claude-result.js";
import { claudeNotebookEarlyRefusal, claudeNotebookEdit } from "./files/claude-notebook-edit.js";

/** Hosts the gate serves pages on: the binary's domain safety check (a request to claude.ai) cannot pass offline for them. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1"]);

/**
 * WebFetch of a loopback page: before fetching, the binary asks claude.ai whether the domain is
 * safe; offline that check fails, and the result is its error (`is_error`, no `<tool_use_error>`).
 * A hostname without a dot (`localhost`) is refused before that, pointing to Bash and curl.
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
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UnsupportedError("claude-code: WebFetch of a non-http URL is not modelled (spec §9)");
  if (!url.hostname.includes(".")) return claudeError("WebFetch cannot fetch localhost or other hostnames without a dot. To reach a local server, use Bash with curl instead.");
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new UnsupportedError("claude-code: WebFetch of a non-loopback URL is not modelled (spec §9)");
  }
  return claudeError(`Unable to verify if domain ${url.hostname} is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.`);
}

/**
 * NotebookEdit from its facts (`path`, `known`: the session read it, `text`: the notebook as read):
 * a refusal of its checks (`<tool_use_error>`), or the edit's one line — `Updated cell <id> with
 * <source>`, `Inserted a new cell with <source>`, `Deleted cell <id>`. @see spec §7.4
 */
export function formatClaudeNotebookEdit(input: Record<string, unknown>, observation: Record<string, unknown>): ClaudeCodeResult {
  const early = claudeNotebookEarlyRefusal(String(observation.path), input, observation.known === true);
  if (early !== undefined) return toolUseError(early);
  if (typeof observation.text !== "string") throw new UnsupportedError("claude-code: NotebookEdit without the notebook's text is not modelled (spec §7.4)");
  const edit = claudeNotebookEdit(observation.text, input);
  if ("refused" in edit) return toolUseError(edit.refused);
  if ("unmodelled" in edit) throw new UnsupportedError(`claude-code: NotebookEdit ${edit.unmodelled} is not modelled (spec §7.4)`);
  return { content: edit.content };
}

/**
 * ToolSearch with `select:A,B`: a `tool_reference` block for each named tool the session can load
 * (offered, or deferred and enabled), in the order named, and a `Tool loaded.` text block after
 * the turn's results; none: `No matching deferred tools found`. Its result block's keys are
 * `type, tool_use_id, content`; `max_results` changes nothing there. A keyword search (ranked) is
 * not modelled. @see spec §7.5
 */
export function formatClaudeToolSearch(input: Record<string, unknown>, loadable: readonly string[]): ClaudeCodeResult {
  const query = String(input.query);
  if (!query.startsWith("select:")) throw new UnsupportedError("claude-code: ToolSearch by keyword (ranked) is not modelled (spec §7.5, §9)");
  const names = [
    ...new Set(
      query
        .slice("select:".length)
        .split(",")
        .map((name) => name.trim()),
    ),
  ].filter((name) => name !== "");
  if (names.some((name) => !loadable.includes(name) && loadable.some((tool) => tool.toLowerCase() === name.toLowerCase()))) {
    throw new UnsupportedError("claude-code: ToolSearch select: of a name in other case is not modelled (spec §9)");
  }
  const found = names.filter((name) => loadable.includes(name));
  if (found.length === 0) return { content: "No matching deferred tools found", typeFirst: true };
  return { content: found.map((name) => ({ type: "tool_reference", tool_name: name })), typeFirst: true, blocks: [{ type: "text", text: "Tool loaded." }] };
}
