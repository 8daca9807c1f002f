import { encodeBase64 } from "../text/base64.js";
import type { ScenarioContent, ScenarioMcpAnswer, ScenarioMcpResult, ScenarioMcpTool } from "./scenario.js";
import { scenarioContentBytes, scenarioContentText } from "./scenario-content-bytes.js";

/** A CallToolResult as a scripted server sends it: the scenario's result with generated values expanded. */
export type McpCallToolResult = Record<string, unknown> & { content: Record<string, unknown>[] };

/**
 * The answer the `n`-th call (0-based, counted over every client) of a scripted tool gets: the
 * n-th of its `answers`, the last one repeating.
 */
export function scenarioMcpAnswer(tool: ScenarioMcpTool, n: number): ScenarioMcpAnswer {
  return tool.answers[Math.min(n, tool.answers.length - 1)];
}

/**
 * A scripted result with its generated values expanded: a text item's `text` and a resource's
 * `text` given as a content value become its text; an image or audio item's `data` and a
 * resource's `blob` given as a content value become the base64 of its bytes. Key order is kept.
 */
export function expandMcpResult(result: ScenarioMcpResult): McpCallToolResult {
  return { ...result, content: result.content.map(expandContentItem) };
}

function expandContentItem(item: Record<string, unknown>): Record<string, unknown> {
  const expanded: Record<string, unknown> = { ...item };
  if (item.type === "text" && isContentValue(item.text)) expanded.text = asText(item.text);
  if ((item.type === "image" || item.type === "audio") && isContentValue(item.data)) expanded.data = asBase64(item.data);
  if (item.type === "resource" && typeof item.resource === "object" && item.resource !== null) {
    const resource: Record<string, unknown> = { ...(item.resource as Record<string, unknown>) };
    if (isContentValue(resource.text)) resource.text = asText(resource.text);
    if (isContentValue(resource.blob)) resource.blob = asBase64(resource.blob);
    expanded.resource = resource;
  }
  return expanded;
}

/** A generated content value (`{repeat, count}` or `{base64}`), as opposed to a plain string. */
function isContentValue(value: unknown): value is Exclude<ScenarioContent, string> {
  return typeof value === "object" && value !== null && ("repeat" in value || "base64" in value);
}

function asText(value: Exclude<ScenarioContent, string>): string {
  return scenarioContentText(value) ?? new TextDecoder().decode(scenarioContentBytes(value));
}

function asBase64(value: Exclude<ScenarioContent, string>): string {
  return "base64" in value ? value.base64 : encodeBase64(scenarioContentBytes(value));
}
