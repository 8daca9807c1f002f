import { base64DecodedLength } from "../../../text/base64.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { McpObservation } from "../format-observations.js";
import type { CliFilePart, ToolOutcome } from "../result/format-result.js";

/** @see spec §2.14 MCP tools */
export const MCP_RESOURCE_MIMES: ReadonlySet<string> = new Set(["application/pdf", "image/gif", "image/jpeg", "image/png", "image/webp"]);
/** @see spec §2.14 MCP tools (10 MB) */
export const MCP_RESOURCE_MAX_BYTES = 10485760;

/**
 * `N B`, `<ceil> KB` or `<ceil> MB`.
 * @see spec §2.14 MCP tools
 */
export function formatMcpSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

/**
 * v1 MCP tool result: text items (and resource text) joined by `⏎`, images and supported
 * resource blobs as attachments, an omission note for the others. Title is empty; the wrapper
 * then applies `Truncate.output`.
 * @see spec §2.14 MCP tools
 */
export function formatMcp(observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const texts: string[] = [];
  const attachments: CliFilePart[] = [];
  for (const item of (observation as unknown as McpObservation).content) {
    if (item.type === "text" && typeof item.text === "string") {
      texts.push(item.text);
    } else if (item.type === "image" && typeof item.data === "string" && typeof item.mimeType === "string") {
      attachments.push({ type: "file", mime: item.mimeType, url: `data:${item.mimeType};base64,${item.data}` });
    } else if (item.type === "resource" && item.resource !== undefined) {
      const resource = item.resource;
      if (typeof resource.text === "string") texts.push(resource.text);
      if (typeof resource.blob === "string") {
        const mime = resource.mimeType ?? "application/octet-stream";
        const size = base64DecodedLength(resource.blob);
        const uri = resource.uri ?? "";
        if (!MCP_RESOURCE_MIMES.has(mime)) {
          texts.push(`[Binary MCP resource omitted: ${uri} (${mime}, ${formatMcpSize(size)}) is not a supported attachment type]`);
        } else if (size > MCP_RESOURCE_MAX_BYTES) {
          texts.push(`[Binary MCP resource omitted: ${uri} (${mime}, ${formatMcpSize(size)}) exceeds 10 MB]`);
        } else {
          attachments.push({ type: "file", mime, url: `data:${mime};base64,${resource.blob}` });
        }
      }
    }
  }
  return { title: "", output: texts.join("\n"), ...(attachments.length > 0 ? { attachments } : {}) };
}
