import { base64DecodedLength } from "../../../text/base64.js";
import { mcpSdkOutputCheck } from "../../mcp-sdk-output-check.js";
import { UnsupportedError } from "../../profile.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { McpObservation } from "../format-observations.js";
import { type CliFilePart, ToolFailure, type ToolOutcome } from "../result/format-result.js";

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
 * v1 MCP tool result, as the 1.18.33 bundle builds it (`SessionTools.resolve`, the MCP tools'
 * execute wrapper) and the binary sent it (docs/spec/captures/mcp/): a JSON-RPC error, or a
 * result the SDK client's outputSchema check refuses, fails the call with the SDK's
 * `MCP error <code>: <message>`; a result with no content but structuredContent reads as its JSON;
 * text items and resource texts (non-empty) are joined by a blank line (`⏎⏎`, not the `⏎` of
 * spec §2.14); images and supported resource blobs (≤ 10 MB) become attachments (blobs named by
 * their uri), other blobs an omission note; resource links and audio are dropped. `isError` is not
 * read. Title is empty; the wrapper then applies `Truncate.output`.
 * @see spec §2.14 MCP tools; docs/unsupported-rules.md "MCP tools (v1)"
 */
export function formatMcp(observation: Record<string, unknown>, _context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const failure = observation.failure as { kind: string; code?: number; message?: string } | undefined;
  if (failure !== undefined) {
    if (failure.kind === "error") throw new ToolFailure(`MCP error ${failure.code}: ${failure.message}`);
    // A call past the server's `timeout` (ms, in the mcp config) fails with the SDK client's error; the server stays up (docs/unsupported-rules.md "MCP tools (v1)").
    if (failure.kind === "timeout") throw new ToolFailure("MCP error -32001: Request timed out");
    // The call its stdio server dies in fails with the SDK client's `Connection closed`.
    if (failure.kind === "closed" && failure.message === "MCP error -32000: Connection closed") throw new ToolFailure(failure.message);
    throw new UnsupportedError("opencode-cli: an MCP call after its server died is not modelled");
  }
  const check = mcpSdkOutputCheck(observation.declaration as Record<string, unknown> | undefined, observation);
  if (check !== null) throw new ToolFailure(`MCP error ${check.code}: ${check.message}`);
  let content = (observation as unknown as McpObservation).content;
  if (content.length === 0 && observation.structuredContent !== undefined) content = [{ type: "text", text: JSON.stringify(observation.structuredContent) }];
  const texts: string[] = [];
  const attachments: CliFilePart[] = [];
  for (const item of content) {
    if (item.type === "text" && typeof item.text === "string") {
      texts.push(item.text);
    } else if (item.type === "image" && typeof item.data === "string" && typeof item.mimeType === "string") {
      attachments.push({ type: "file", mime: item.mimeType, url: `data:${item.mimeType};base64,${item.data}` });
    } else if (item.type === "resource" && item.resource !== undefined) {
      const resource = item.resource;
      if (typeof resource.text === "string" && resource.text !== "") texts.push(resource.text);
      if (typeof resource.blob === "string" && resource.blob !== "") {
        const mime = resource.mimeType ?? "application/octet-stream";
        const size = base64DecodedLength(resource.blob);
        const uri = resource.uri ?? "";
        if (!MCP_RESOURCE_MIMES.has(mime)) {
          texts.push(`[Binary MCP resource omitted: ${uri} (${mime}, ${formatMcpSize(size)}) is not a supported attachment type]`);
        } else if (size > MCP_RESOURCE_MAX_BYTES) {
          texts.push(`[Binary MCP resource omitted: ${uri} (${mime}, ${formatMcpSize(size)}) exceeds 10 MB]`);
        } else {
          attachments.push({ type: "file", mime, url: `data:${mime};base64,${resource.blob}`, filename: uri });
        }
      }
    }
  }
  return { title: "", output: texts.join("\n\n"), ...(attachments.length > 0 ? { attachments } : {}) };
}
