import { decodeBase64 } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { UnsupportedError } from "../../profile.js";
import type { CodexOutput, CodexOutputItem } from "../codex-result.js";
import { approxTokensFromBytes, truncateMiddleTokens } from "../truncate/codex-truncate.js";
import { imageFacts } from "../view-image/image-facts.js";

type Item = Record<string, unknown>;

/**
 * The token budget of an MCP result's text items for gpt-5.5: 12,000 tokens (48,000 bytes), the
 * header item's tokens included. Observed: 63,750 and 306,000 characters of text both end as
 * 47,964 bytes kept around `…7 tokens truncated…` — the cut ran twice (§9.3).
 */
const MCP_OUTPUT_TOKENS = 12000;

/** The first item of every MCP output (the wall time in Codex's `0.0000` form; redacted to `[WALL_TIME]`). @see spec §9.2 */
const HEADER = "Wall time: 0.0000 seconds\nOutput:";

/** Whether an observation is an MCP call's (the runner's server and tool, and a result or a failure). */
export function isCodexMcpObservation(observation: Record<string, unknown>): boolean {
  return typeof observation.server === "string" && typeof observation.tool === "string" && (Array.isArray(observation.content) || observation.failure !== undefined);
}

/**
 * Codex CLI 0.171.0's output for one MCP tool call (a namespaced function call, after its
 * `tool_search` round), from the CallToolResult or the failure.
 * @see docs/spec/codex-cli-0.171.0.md §9
 */
export function formatCodexMcp(observation: Record<string, unknown>): CodexOutput {
  const { server, tool, declaration, failure, ...result } = observation as Item & { failure?: { kind: string; code?: number; message?: string; data?: unknown; timeoutMs?: number } };
  if (failure !== undefined) return { output: [headerItem(), text(`tool call error: tool call failed for \`${String(server)}/${String(tool)}\`\n\nCaused by:\n    ${failureCause(failure)}`)] };
  // §9.4: structuredContent, when present, is the whole output (content, isError and the outputSchema play no part).
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    const json = rustJson(result.structuredContent);
    if (approxTokensFromBytes(utf8Length(`${HEADER}\n${json}`)) > MCP_OUTPUT_TOKENS) throw new UnsupportedError("codex-cli: structuredContent over the MCP output budget is not pinned (spec §9.7)");
    return { output: `${HEADER}\n${json}` };
  }
  const schema = (declaration as Item | undefined)?.outputSchema;
  if (schema !== undefined && schema !== null) throw new UnsupportedError("codex-cli: a result without structuredContent from a tool with an outputSchema is not pinned (spec §9.7)");
  const items: CodexOutputItem[] = [headerItem(), ...(result.content as Item[]).map(contentItem)];
  // §9.3: the budget pass runs twice over the items.
  return { output: budgetPass(budgetPass(items)) };
}

const headerItem = (): CodexOutputItem => text(HEADER);
const text = (value: string): CodexOutputItem => ({ type: "input_text", text: value });

/** §9.5: the failure's cause line. */
function failureCause(failure: { kind: string; code?: number; message?: string; data?: unknown; timeoutMs?: number }): string {
  switch (failure.kind) {
    case "error":
      return `Mcp error: ${failure.code}: ${failure.message}${failure.data === undefined || failure.data === null ? "" : `(${rustJson(failure.data)})`}`;
    case "timeout":
      // §9.6: the server's tool_timeout_sec as Rust writes a Duration (`2s`); fractions of a second are not pinned.
      if (typeof failure.timeoutMs === "number" && failure.timeoutMs % 1000 === 0) return `timed out awaiting tools/call after ${failure.timeoutMs / 1000}s`;
      throw new UnsupportedError("codex-cli: an MCP call that times out without a whole-second tool_timeout_sec in the scenario (timeoutMs) is not modelled (spec §9.6)");
    case "closed":
      return "Transport closed";
    default:
      throw new UnsupportedError(`codex-cli: an MCP call that fails as ${failure.kind} is not modelled (spec §9.7)`);
  }
}

/** §9.2: one output item per content item. */
function contentItem(item: Item): CodexOutputItem {
  switch (item.type) {
    case "text":
      // Its annotations and _meta are dropped.
      return text(String(item.text));
    case "image":
      return image(item);
    case "audio":
      return text("<audio content omitted because you do not support audio input>");
    case "resource_link":
      return text(itemJson(item, ["type", "uri", "name", "title", "description", "mimeType", "size", "_meta"], "resource_link"));
    case "resource":
      return text(
        itemJson(
          { ...item, resource: JSON.parse(itemJson(item.resource as Item, ["uri", "mimeType", "text", "blob", "_meta"], "embedded resource", false)) },
          ["type", "resource", "_meta"],
          "resource",
        ),
      );
    default:
      throw new UnsupportedError(`codex-cli: MCP content of type ${String(item.type)} is not pinned`);
  }
}

/** §9.2: an image is sent as an input_image of its own bytes, the MIME type sniffed from them (not the item's). */
function image(item: Item): CodexOutputItem {
  const data = String(item.data);
  const facts = imageFacts(decodeBase64(data));
  if (facts.kind !== "image")
    throw new UnsupportedError(`codex-cli: an MCP image that is ${facts.kind === "unmodelled" ? facts.why : "not decodable"} is not modelled (GIF is re-encoded as PNG; spec §9.7)`);
  const fits = Math.max(facts.width, facts.height) <= 6000 && Math.ceil(facts.width / 32) * Math.ceil(facts.height / 32) <= 10000;
  if (!fits) throw new UnsupportedError(`codex-cli: an MCP image of ${facts.width} × ${facts.height} (resized by Codex) is not modelled`);
  return { type: "input_image", image_url: `data:${facts.mime};base64,${data}`, detail: "original" };
}

/**
 * An item's JSON in the order Codex's MCP types serialize it (observed), `annotations` last; an
 * item holding a key outside that order is unsupported (its place is not pinned). Its
 * `annotations.priority` is a float in Codex's types: a whole number is written `1.0`.
 */
function itemJson(item: Item, keys: readonly string[], what: string, annotated = true): string {
  const extra = Object.keys(item).filter((key) => !keys.includes(key) && !(annotated && key === "annotations"));
  if (extra.length > 0) throw new UnsupportedError(`codex-cli: an MCP ${what} with ${extra.join(", ")} is not pinned (spec §9.7)`);
  const out: Item = {};
  for (const key of keys) if (item[key] !== undefined) out[key] = item[key];
  const json = rustJson(out);
  if (!annotated || item.annotations === undefined) return json;
  return `${json.slice(0, -1)},"annotations":${annotationsJson(item.annotations as Item)}}`;
}

function annotationsJson(value: Item): string {
  const extra = Object.keys(value).filter((key) => key !== "audience" && key !== "priority");
  if (extra.length > 0) throw new UnsupportedError(`codex-cli: MCP annotations with ${extra.join(", ")} are not pinned (spec §9.7)`);
  const parts: string[] = [];
  if (value.audience !== undefined) parts.push(`"audience":${rustJson(value.audience)}`);
  if (typeof value.priority === "number") parts.push(`"priority":${Number.isInteger(value.priority) ? `${value.priority}.0` : rustJson(value.priority)}`);
  return `{${parts.join(",")}}`;
}

/**
 * serde_json's compact text of a JSON value, as JSON.stringify writes it where the two agree (keys
 * in their order, the same escapes); numbers whose text differs (exponents, beyond 64-bit
 * integers) are unsupported.
 */
function rustJson(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) => {
    if (typeof entry === "number") {
      const written = String(entry);
      if (written.includes("e+") || (Number.isInteger(entry) && Math.abs(entry) > 2 ** 64))
        throw new UnsupportedError(`codex-cli: the number ${written} in an MCP result is not pinned (serde writes it otherwise)`);
    }
    return entry;
  });
}

/**
 * One pass of Codex's budget over the output items (truncate_function_output_items_with_policy,
 * Tokens): each text item costs its approximate tokens; the first that does not fit is cut in its
 * middle to what is left and the budget is spent; images cost nothing. Text items past a spent
 * budget are omitted with a summary item whose text is not pinned (unsupported).
 * @see spec §9.3 (source: codex-rs utils/output-truncation; observed bytes)
 */
function budgetPass(items: readonly CodexOutputItem[]): CodexOutputItem[] {
  let remaining = MCP_OUTPUT_TOKENS;
  const out: CodexOutputItem[] = [];
  for (const item of items) {
    if (item.type !== "input_text") {
      out.push(item);
      continue;
    }
    if (remaining === 0) throw new UnsupportedError("codex-cli: MCP text items past the output budget are omitted with a summary that is not pinned (spec §9.7)");
    const cost = approxTokensFromBytes(utf8Length(item.text));
    if (cost <= remaining) {
      out.push(item);
      remaining -= cost;
    } else {
      out.push(text(truncateMiddleTokens(item.text, remaining)));
      remaining = 0;
    }
  }
  return out;
}
