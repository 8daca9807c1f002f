import { base64DecodedLength } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { UnsupportedError } from "../../profile.js";
import { claudeMcpToolName } from "./mcp-tool-name.js";

/** A `tool_result` block's content as Claude Code sends an MCP result: a string, or a list of text and image blocks. */
export type ClaudeMcpBlock = { type: "text"; text: string } | { type: "image"; source: { type: "base64"; media_type: string; data: string } };
export interface ClaudeMcpResult {
  content: string | ClaudeMcpBlock[];
  is_error?: boolean;
}

/** What stands for a file Claude Code saved (a random name under its project folder) on both sides of a comparison. @see spec §10.6 */
export const CLAUDE_MCP_SAVED_FILE = "[MCP_SAVED_FILE]";

/** A result of text items only is persisted above this many characters of text (50,000 sent whole, 50,001 persisted). @see spec §10.7 */
const PERSIST_TEXT_CHARS = 50_000;
/** Above this many characters, results other than text items alone (structuredContent, isError) are not pinned. @see spec §10.7 */
const MODELLED_OTHER_CHARS = 10_000;
/** The persisted block's preview: the first 2,000 characters of the saved JSON. @see spec §10.7 */
const PREVIEW_CHARS = 2000;

type Item = Record<string, unknown>;

/** Whether an observation is an MCP call's (schemas/observations/mcp.json with the runner's server and tool). */
export function isClaudeMcpObservation(observation: Record<string, unknown>): boolean {
  return typeof observation.server === "string" && typeof observation.tool === "string" && (Array.isArray(observation.content) || observation.failure !== undefined);
}

/**
 * Claude Code 2.1.332's `tool_result` for an MCP call.
 * @see docs/spec/claude-code-2.1.332.md §10 MCP tools
 */
export function formatClaudeMcp(observation: Record<string, unknown>, store: OutputStorePort): ClaudeMcpResult {
  const server = String(observation.server);
  const tool = String(observation.tool);
  const failure = observation.failure as { kind: string; message?: string; timeoutMs?: number } | undefined;
  if (failure !== undefined) {
    // §10.4: a JSON-RPC error is its message alone (without the SDK's `MCP error <code>: ` prefix).
    if (failure.kind === "error") return { content: String(failure.message), is_error: true };
    // §10.8: the call its stdio server dies in is `Connection closed`; Claude Code then starts the server anew for the next call (not modelled: the reference's server stays dead).
    // §10.8: a call past the tool-call timeout (the server's `timeout` in the MCP config, ≥ 1000 ms) names the server, the tool and the whole seconds.
    if (failure.kind === "timeout" && typeof failure.timeoutMs === "number" && failure.timeoutMs >= 1000) {
      return { content: `MCP server "${server}" tool "${tool}" timed out after ${Math.floor(failure.timeoutMs / 1000)}s`, is_error: true };
    }
    if (failure.kind === "closed" && /Connection closed/.test(String(failure.message))) return { content: "Connection closed", is_error: true };
    throw new UnsupportedError(
      `claude-code: ${failure.kind === "timeout" ? "an MCP call that times out without the scenario's timeoutMs (Claude Code's own default or MCP_TOOL_TIMEOUT)" : "a call after its MCP server died (Claude Code restarts the server)"} is not modelled (spec §10.8)`,
    );
  }
  const content = observation.content as Item[];
  const name = claudeMcpToolName(server, tool).name;
  const textChars =
    content.reduce((sum, item) => sum + (typeof item.text === "string" ? item.text.length : 0), 0) +
    (observation.structuredContent === undefined ? 0 : JSON.stringify(observation.structuredContent).length);
  const textOnly = observation.structuredContent === undefined && observation.isError !== true && content.length > 0 && content.every((item) => item.type === "text");
  if (textOnly && textChars > PERSIST_TEXT_CHARS)
    return persisted(
      content.flatMap((item) => itemBlocks(item, server)),
      store,
    );
  if (!textOnly && textChars > (observation.structuredContent === undefined && observation.isError !== true ? PERSIST_TEXT_CHARS : MODELLED_OTHER_CHARS)) {
    throw new UnsupportedError("claude-code: when an MCP result beside images, structuredContent or isError is persisted is not pinned (spec §10.7)");
  }
  if (observation.isError === true) return formatIsError(content, name, observation.declaration as Item | undefined);
  if (observation.structuredContent !== undefined) {
    // §10.3: structuredContent replaces the text items; images stay, before it.
    const images = content.filter((item) => item.type === "image").flatMap(imageBlocks);
    const json = JSON.stringify(observation.structuredContent);
    return { content: images.length === 0 ? json : [...images, { type: "text", text: json }] };
  }
  // §10.5: no content at all.
  if (content.length === 0) return { content: `(${name} completed with no output)` };
  return { content: content.flatMap((item) => itemBlocks(item, server)) };
}

/**
 * §10.7: a text-only result over 50,000 characters is saved as its blocks' 2-space JSON and
 * answered with the persisted-output block: the JSON's size (KiB, one decimal), the saved path,
 * and its first 2,000 characters (not cut back to a newline: observed with the newlines of the
 * JSON's opening lines; one past the first thousand characters is not pinned).
 */
function persisted(blocks: ClaudeMcpBlock[], store: OutputStorePort): ClaudeMcpResult {
  const json = JSON.stringify(blocks, null, 2);
  const preview = json.slice(0, PREVIEW_CHARS);
  if (preview.lastIndexOf("\n") > PREVIEW_CHARS / 2)
    throw new UnsupportedError("claude-code: a persisted MCP preview whose last newline is past its first 1,000 characters is not pinned (spec §10.7)");
  const path = store.write(json);
  return { content: `<persisted-output>\nOutput too large (${kilobytes(utf8Length(json))}). Full output saved to: ${path}\n\nPreview (first 2KB):\n${preview}\n...\n</persisted-output>` };
}

/** `48.9KB`, `66KB`: bytes / 1024 with one decimal, a `.0` left out (observed: 67,583 bytes are `66KB`). @see spec §10.7 */
const kilobytes = (bytes: number) => `${Number((bytes / 1024).toFixed(1))}KB`;

/**
 * §10.2: an `isError` result's text, and, since the tool is deferred behind ToolSearch and the
 * model called it without loading it, the note naming its input schema.
 */
function formatIsError(content: Item[], name: string, declaration: Item | undefined): ClaudeMcpResult {
  if (content.length !== 1 || content[0]?.type !== "text") throw new UnsupportedError("claude-code: an isError MCP result other than one text item is not pinned (spec §10.2)");
  const schema = JSON.stringify(declaration?.inputSchema ?? { type: "object" });
  const note = `This tool's input schema was not in your prompt when you called it. The input schema is: ${schema}\nIf your input does not match this schema, correct it and call the tool again. If it matches, the error above has another cause. If the corrected call fails the same way, call ToolSearch with query "select:${name}" to load the tool, then call it again.`;
  return { content: `${String(content[0].text)}\n\n${note}`, is_error: true };
}

/** One content item as the blocks it becomes. @see spec §10.1 */
function itemBlocks(item: Item, server: string): ClaudeMcpBlock[] {
  switch (item.type) {
    case "text":
      return [{ type: "text", text: String(item.text) }];
    case "image":
      return imageBlocks(item);
    case "audio":
      return [{ type: "text", text: `[Audio from ${server}] Binary content (${String(item.mimeType)}, ${base64DecodedLength(String(item.data))} bytes) saved to ${CLAUDE_MCP_SAVED_FILE}` }];
    case "resource_link":
      return [{ type: "text", text: `[Resource link: ${String(item.name)}] ${String(item.uri)}${typeof item.description === "string" ? ` (${item.description})` : ""}` }];
    case "resource": {
      const resource = (item.resource ?? {}) as Item;
      const head = `[Resource from ${server} at ${String(resource.uri)}]`;
      if (typeof resource.text === "string") return [{ type: "text", text: `${head} ${resource.text}` }];
      return [{ type: "text", text: `${head} Binary content (${String(resource.mimeType)}, ${base64DecodedLength(String(resource.blob))} bytes) saved to ${CLAUDE_MCP_SAVED_FILE}` }];
    }
    default:
      throw new UnsupportedError(`claude-code: MCP content of type ${String(item.type)} is not pinned`);
  }
}

/** §10.1: an image is an image block followed by a text naming the file Claude Code saved it to. */
function imageBlocks(item: Item): ClaudeMcpBlock[] {
  return [
    { type: "image", source: { type: "base64", media_type: String(item.mimeType), data: String(item.data) } },
    { type: "text", text: `[Image: source: ${CLAUDE_MCP_SAVED_FILE}]` },
  ];
}
