import type { EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import type { CodexToolSearchOutput } from "../codex-result.js";

/**
 * The name a client-executed tool search (a `tool_search_call` item, not a function call named
 * `tool_search`) is known by in a scripted call. @see spec §9.1
 */
export const TOOL_SEARCH_CALL = "tool_search_call";

type Item = Record<string, unknown>;

/** The MCP tools a tool search could load: every tool each server lists. */
export async function observeToolSearch(input: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const servers: Item[] = [];
  for (const server of environment.mcpServers ?? []) servers.push({ server, tools: (await environment.listMcpTools?.(server)) ?? [] });
  return { search: input, servers };
}

/** The words of a text, as the search matches them (lower case, split at anything not a letter or digit). */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");

/**
 * Codex CLI 0.171.0's `tool_search_output` tools for a search over its deferred MCP tools: a
 * namespace `mcp__<server>` ("Tools in the mcp__<server> namespace.") holding each loaded tool as a
 * function (`name`, `description`, `strict: false`, `defer_loading: true`, `parameters` = the
 * listed inputSchema as `{type, properties, required}`, `properties: {}` when it has none; title, annotations and outputSchema are not sent). Codex ranks tools with
 * BM25 over their metadata; the profile pins only a search that loads exactly one tool: the one
 * tool whose server name, name, title, description or argument names share a word with the query
 * (and a limit of at least 1). Any other search is unsupported (the ranking is not modelled).
 * @see spec §9.1 (observed tool_search_output items)
 */
export function formatToolSearch(observation: Record<string, unknown>): CodexToolSearchOutput {
  const search = (observation.search ?? {}) as Item;
  if (typeof search.query !== "string" || (search.limit !== undefined && (typeof search.limit !== "number" || search.limit < 1))) {
    throw new UnsupportedError("codex-cli: a tool search without a string query and a positive limit is not modelled (spec §9.1)");
  }
  const query = new Set(words(search.query));
  const matches: { server: string; tool: Item }[] = [];
  for (const entry of (observation.servers ?? []) as { server: string; tools: Item[] }[]) {
    for (const tool of entry.tools) {
      const schema = (tool.inputSchema ?? {}) as Item;
      const keys = Object.keys((schema.properties ?? {}) as Item);
      const text = [entry.server, String(tool.name), String(tool.title ?? ""), String(tool.description ?? ""), ...keys].join(" ");
      if (words(text).some((word) => query.has(word))) matches.push({ server: entry.server, tool });
    }
  }
  if (matches.length !== 1) throw new UnsupportedError(`codex-cli: a tool search that matches ${matches.length} MCP tools is not modelled (BM25 ranking; spec §9.1)`);
  const { server, tool } = matches[0]!;
  if (typeof tool.description !== "string") throw new UnsupportedError("codex-cli: a tool search loading an MCP tool without a description is not modelled (spec §9.1)");
  const parameters = (tool.inputSchema ?? {}) as Item;
  const extra = Object.keys(parameters).filter((key) => !["type", "properties", "required"].includes(key));
  if (extra.length > 0) throw new UnsupportedError(`codex-cli: an MCP inputSchema with ${extra.join(", ")} is not pinned in a tool search (spec §9.1)`);
  const namespace = `mcp__${server}`;
  return {
    tools: [
      {
        type: "namespace",
        name: namespace,
        description: `Tools in the ${namespace} namespace.`,
        tools: [{ type: "function", name: String(tool.name), description: tool.description, strict: false, defer_loading: true, parameters: functionParameters(parameters) }],
      },
    ],
  };
}

/** The inputSchema as Codex sends it: `type`, `properties` (`{}` when absent), `required` when present, in that order (observed). */
function functionParameters(schema: Item): Item {
  return { type: schema.type, properties: schema.properties ?? {}, ...(schema.required === undefined ? {} : { required: schema.required }) };
}
