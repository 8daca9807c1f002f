import { mcpSdkOutputCheck } from "../../mcp-sdk-output-check.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { UnsupportedError } from "../../profile.js";
import { geminiInput } from "../gemini-result.js";
import { truncateShellOutput } from "../truncate/truncate-shell-output.js";

/** Gemini CLI's result for an MCP call: the functionResponse's `response` (`{}` for a result with no text at all) and the inlineData parts after it. */
export interface GeminiMcpResult {
  response: { output: string } | { error: string } | Record<string, never>;
  parts?: { inlineData: { data: string; mimeType: string } }[];
}

type Item = Record<string, unknown>;

/** Whether an observation is an MCP call's (with the runner's server and tool). */
export function isGeminiMcpObservation(observation: Record<string, unknown>): boolean {
  return typeof observation.server === "string" && typeof observation.tool === "string" && (Array.isArray(observation.content) || observation.failure !== undefined);
}

/**
 * Gemini CLI 0.61.0's result for an MCP call.
 * @see docs/spec/gemini-cli-0.61.0.md §15 MCP tools
 */
export function formatGeminiMcp(input: unknown, observation: Record<string, unknown>, store: OutputStorePort): GeminiMcpResult {
  const tool = String(observation.tool);
  const { server: _server, tool: _tool, declaration, failure, ...result } = observation as Item & { failure?: { kind: string; code?: number; message?: string } };
  const args = geminiInput(input);
  if (failure !== undefined) {
    // §15.5: the call its server dies in fails with the SDK client's `MCP error -32000: Connection closed`, later calls with `Not connected` (the server is not restarted).
    if (failure.kind === "closed") return toolError(tool, args, { error: { message: String(failure.message), isError: true } });
    // §15.5: a call past the server's `timeout` fails with the SDK client's `MCP error -32001: Request timed out`, quoted the same way; the server stays up.
    if (failure.kind === "timeout") return toolError(tool, args, { error: { message: "MCP error -32001: Request timed out", isError: true } });
    return toolError(tool, args, { error: { message: `MCP error ${failure.code}: ${failure.message}`, isError: true } });
  }
  // §15.4: the SDK client's outputSchema check fails the call like a JSON-RPC error.
  const check = mcpSdkOutputCheck(declaration as Item | undefined, result);
  if (check !== null) return toolError(tool, args, { error: { message: `MCP error ${check.code}: ${check.message}`, isError: true } });
  // §15.3: an isError result is an error naming the call and quoting the result.
  if (result.isError === true) return toolError(tool, args, result);
  const content = result.content as Item[];
  const audio = content.filter((item) => item.type === "audio");
  if (audio.length > 0 && (audio.length !== 1 || content.length !== 1)) throw new UnsupportedError("gemini-cli: audio beside other MCP content is not pinned (spec §15.2)");
  const lines: string[] = [];
  const parts: { inlineData: { data: string; mimeType: string } }[] = [];
  for (const item of content) {
    switch (item.type) {
      case "text":
        lines.push(untrusted(String(item.text)));
        break;
      case "image":
        lines.push(`[Tool '${tool}' provided the following image data with mime-type: ${String(item.mimeType)}]`);
        parts.push({ inlineData: { data: String(item.data), mimeType: String(item.mimeType) } });
        break;
      case "audio":
        // §15.2: the audio part is stripped before it is sent, with a note of its own first.
        lines.push(`[SYSTEM: Binary content (${String(item.mimeType)}) stripped from response due to protocol limitations.]`);
        lines.push(`[Tool '${tool}' provided the following audio data with mime-type: ${String(item.mimeType)}]`);
        break;
      case "resource_link":
        lines.push(`Resource Link: ${String(item.name)} at ${String(item.uri)}`);
        break;
      case "resource": {
        const resource = (item.resource ?? {}) as Item;
        if (typeof resource.text === "string") lines.push(untrusted(resource.text));
        else {
          lines.push(`[Tool '${tool}' provided the following embedded resource with mime-type: ${String(resource.mimeType)}]`);
          parts.push({ inlineData: { data: String(resource.blob), mimeType: String(resource.mimeType) } });
        }
        break;
      }
      default:
        throw new UnsupportedError(`gemini-cli: MCP content of type ${String(item.type)} is not pinned`);
    }
  }
  // §15.1: structuredContent is not sent; a result with no text sends an empty response.
  if (lines.length === 0) return { response: {} };
  const output = truncateShellOutput(lines.join("\n"), store).text;
  return { response: { output }, ...(parts.length > 0 ? { parts } : {}) };
}

/** §15.1: each text is fenced as untrusted context. */
const untrusted = (text: string) => `<untrusted_context>\n${text}\n</untrusted_context>`;

/** §15.3: the error text naming the call (the server's tool name and arguments) and the response it got. */
function toolError(tool: string, args: Record<string, unknown>, response: unknown): GeminiMcpResult {
  return {
    response: {
      error: `MCP tool '${tool}' reported tool error for function call: ${JSON.stringify({ name: tool, args })} with response: ${JSON.stringify([{ functionResponse: { name: tool, response } }])}`,
    },
  };
}
