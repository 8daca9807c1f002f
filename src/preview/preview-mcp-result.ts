import { expectedTurnFragments } from "../gate/gate-expected.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { mcpCallName, UnsupportedError } from "../profiles/profile.js";
import { findProfile } from "../profiles/profile-registry.js";
import { utf8Length } from "../text/utf8-length.js";
import { fragmentContents } from "./preview-fragment-contents.js";
import { PREVIEW_TARGETS, type PreviewTarget } from "./preview-targets.js";

/** What becomes of one content item (or of structuredContent) in what the model gets. */
export type PreviewFate = "kept" | "attached" | "truncated" | "replaced" | "dropped" | "sent" | "duplicated" | "absent";

export interface PreviewRow {
  profile: string;
  protocol: string;
  model: string;
  /** The agent's tool name the model sees. */
  name: string;
  status: "ok" | "unsupported";
  /** Why there is no preview (a rule the profile does not model). */
  reason?: string;
  /** The texts the model reads, in order, joined by a line break. */
  text: string;
  textBytes: number;
  /** ceil(textBytes / 4): a rough token estimate for the text (attachments not counted). */
  tokens: number;
  attachments: { mime: string; bytes: number }[];
  /** The fate of each content item, by index; for a truncated text, how much of its start and end the model still reads (UTF-16 units). */
  items: { index: number; type: string; fate: PreviewFate; kept?: { head: number; tail: number; of: number } }[];
  structuredContent: PreviewFate;
  /** The wire elements themselves (the tool result and what follows it). */
  wire: unknown[];
}

export interface PreviewRequest {
  /** The tool as the server lists it (name, description, inputSchema, outputSchema…). */
  declaration: Record<string, unknown>;
  /** The CallToolResult. */
  result: Record<string, unknown>;
  /** The call's arguments (default `{}`). */
  input?: Record<string, unknown>;
  /** The server's name in the agent's config (default `server`). */
  server?: string;
  targets?: readonly PreviewTarget[];
}

/**
 * What each agent's model gets for one MCP tool result: for every target, the profile formats the
 * result (its `mcp/` rules) and lowers it for the protocol; the rows give the texts, attachments,
 * sizes and a token estimate, and what became of each content item and of structuredContent.
 */
export function previewMcpResult(request: PreviewRequest, store: OutputStorePort): PreviewRow[] {
  const server = request.server ?? "server";
  const tool = String(request.declaration.name);
  const input = request.input ?? {};
  const observation = { server, tool, declaration: request.declaration, ...request.result };
  return (request.targets ?? PREVIEW_TARGETS).map((target) => {
    const profile = findProfile(target.profile);
    const named = profile?.mcpToolName?.(server, tool) ?? { name: tool };
    const name = mcpCallName(named);
    const base = { profile: target.profile, protocol: target.protocol, model: target.model, name };
    const results = profile?.mcp?.results ?? { unsupported: `${target.profile}: MCP results are not modelled yet` };
    if (profile === null || results !== "modelled") return unsupported(base, results === "modelled" ? `${target.profile}: MCP results are not modelled yet` : results.unsupported);
    try {
      const fragments = expectedTurnFragments({
        profile,
        protocol: target.protocol,
        model: target.model,
        prompt: "Call the tool.",
        calls: [{ id: "call_1", tool: name, input, observation }],
        options: { model: target.model, cwd: "/workspace" },
        store,
        modalities: ["image", "pdf"],
      });
      const fragment = fragments[0];
      if (fragment === undefined) return unsupported(base, "no tool result in the lowered request");
      const wire = [fragment.value, ...fragment.after];
      const contents = fragmentContents(wire);
      const text = contents.texts.join("\n");
      const textBytes = utf8Length(text);
      return {
        ...base,
        status: "ok",
        text,
        textBytes,
        tokens: Math.ceil(textBytes / 4),
        attachments: contents.attachments.map(({ mime, bytes }) => ({ mime, bytes })),
        items: ((request.result.content as Record<string, unknown>[] | undefined) ?? []).map((item, index) => itemRow(item, index, text, contents.attachments)),
        structuredContent: structuredFate(request.result, text),
        wire,
      };
    } catch (error) {
      if (UnsupportedError.isInstance(error)) return unsupported(base, error.message);
      throw error;
    }
  });
}

function unsupported(base: Pick<PreviewRow, "profile" | "protocol" | "model" | "name">, reason: string): PreviewRow {
  return { ...base, status: "unsupported", reason, text: "", textBytes: 0, tokens: 0, attachments: [], items: [], structuredContent: "absent", wire: [] };
}

/** A text is kept when the model reads all of it, truncated when only its start, replaced when a note names its MIME instead, dropped otherwise. */
function textFate(body: string, text: string): PreviewFate {
  if (text.includes(body)) return "kept";
  const start = body.slice(0, Math.min(64, body.length));
  return start !== "" && text.includes(start) ? "truncated" : "dropped";
}

function binaryFate(data: string, mime: string, text: string, attachments: readonly { data: string }[]): PreviewFate {
  if (attachments.some((attachment) => attachment.data === data)) return "attached";
  return mime !== "" && text.includes(mime) ? "replaced" : "dropped";
}

function itemRow(item: Record<string, unknown>, index: number, text: string, attachments: readonly { data: string }[]): PreviewRow["items"][number] {
  const fate = itemFate(item, text, attachments);
  const body = item.type === "text" ? String(item.text ?? "") : item.type === "resource" ? String((item.resource as Record<string, unknown> | undefined)?.text ?? "") : "";
  if (fate !== "truncated") return { index, type: String(item.type), fate };
  return {
    index,
    type: String(item.type),
    fate,
    kept: { head: longestKept(body, text, (n) => body.slice(0, n)), tail: meaningful(longestKept(body, text, (n) => body.slice(body.length - n))), of: body.length },
  };
}

/** Fewer characters than this found at an item's end are taken for chance, not for a kept tail. */
const MIN_TAIL = 16;
const meaningful = (tail: number) => (tail < MIN_TAIL ? 0 : tail);

/** The longest n for which `part(n)` is in the text (a binary search: a part that is there has its shorter parts there too). */
function longestKept(body: string, text: string, part: (n: number) => string): number {
  let low = 0;
  let high = body.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (text.includes(part(middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}

function itemFate(item: Record<string, unknown>, text: string, attachments: readonly { data: string }[]): PreviewFate {
  switch (item.type) {
    case "text":
      return textFate(String(item.text ?? ""), text);
    case "image":
    case "audio":
      return binaryFate(String(item.data ?? ""), String(item.mimeType ?? ""), text, attachments);
    case "resource_link":
      return text.includes(String(item.uri)) ? "replaced" : "dropped";
    case "resource": {
      const resource = (item.resource ?? {}) as Record<string, unknown>;
      if (typeof resource.text === "string") return textFate(resource.text, text);
      return binaryFate(String(resource.blob ?? ""), String(resource.mimeType ?? ""), text, attachments);
    }
    default:
      return "dropped";
  }
}

/** structuredContent: sent when its JSON is in the text (duplicated when a text item holds the same JSON too), dropped otherwise. */
function structuredFate(result: Record<string, unknown>, text: string): PreviewFate {
  if (result.structuredContent === undefined) return "absent";
  const compact = JSON.stringify(result.structuredContent);
  const pretty = JSON.stringify(result.structuredContent, null, 2);
  if (!text.includes(compact) && !text.includes(pretty)) return "dropped";
  const twin = ((result.content as Record<string, unknown>[] | undefined) ?? []).some((item) => item.type === "text" && sameJson(String(item.text), result.structuredContent));
  return twin && occurrences(text, compact) + occurrences(text, pretty) >= 2 ? "duplicated" : "sent";
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) count++;
  return count;
}
