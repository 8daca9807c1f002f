import type { SchemaKind } from "./schema-kind.js";

type Shape = Record<string, unknown>;

const RESULT_VALUE_TYPES = new Set(["json", "text", "error", "content"]);
const TOOL_STATES = new Set(["pending", "running", "completed", "error"]);
const CLI_OUTPUT_TYPES = new Set(["error-text", "error-json", "execution-denied"]);

/**
 * The schema kinds a value most likely means, best first, from its shape alone.
 * `correx validate` tries them in order and reports against the first when none validates.
 * Observations are not guessed (their shapes overlap); they need `--as observations/<tool>`.
 */
export function inferSchemaKinds(value: unknown): SchemaKind[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const shape = value as Shape;
  const type = shape.type;
  if (type === "tool-result") return ["envelope/tool-result-part"];
  if (typeof shape.correx === "string" && shape.correx.startsWith("golden/")) return ["golden"];
  if ("profile" in shape && "stage" in shape) return ["case"];
  if ("op" in shape) return ["adapter/request"];
  if ("ok" in shape) return ["adapter/response"];
  if ("structured" in shape && "content" in shape) return ["envelope/tool-output"];
  if (typeof type === "string" && "value" in shape) {
    if (RESULT_VALUE_TYPES.has(type)) return ["envelope/tool-result-value", "opencode-cli/tool-result-output"];
    return ["opencode-cli/tool-result-output"];
  }
  if (typeof type === "string" && CLI_OUTPUT_TYPES.has(type)) return ["opencode-cli/tool-result-output"];
  if (type === "text" || type === "file") return ["envelope/tool-content"];
  if (typeof shape.status === "string" && TOOL_STATES.has(shape.status)) {
    return "input" in shape ? ["opencode-cli/tool-state"] : ["opencode-cli/format-result"];
  }
  if (typeof shape.role === "string") return ["envelope/message"];
  const keys = Object.keys(shape);
  // The agents' own results: codex-cli `{output}`, gemini-cli `{response, parts?}`, claude-code `{content: text, is_error?, notes?}`.
  if ("output" in shape && keys.every((key) => key === "output")) return ["codex-cli/tool-result"];
  if (shape.response !== null && typeof shape.response === "object" && keys.every((key) => key === "response" || key === "parts")) return ["gemini-cli/tool-result"];
  if (typeof shape.content === "string" && keys.every((key) => key === "content" || key === "is_error" || key === "notes")) return ["claude-code/tool-result"];
  const wire = wireKinds(shape);
  if (wire.length > 0) return wire;
  return [];
}

/** Wire bodies by their top-level keys; the wire schemas may not all exist yet. */
function wireKinds(shape: Shape): SchemaKind[] {
  const kinds: string[] = [];
  if (Array.isArray(shape.contents)) kinds.push("wire/google-gemini");
  if (Array.isArray(shape.input)) kinds.push("wire/openai-responses");
  if (Array.isArray(shape.messages)) {
    const messages = shape.messages as Shape[];
    const anthropic =
      "system" in shape && !messages.some((m) => m?.role === "system" || m?.role === "tool")
        ? true
        : messages.some((m) => Array.isArray(m?.content) && (m.content as Shape[]).some((p) => typeof p?.type === "string" && /^(tool_result|tool_use|image|document)$/.test(p.type as string)));
    kinds.push(...(anthropic ? ["wire/anthropic-messages", "wire/openai-chat"] : ["wire/openai-chat", "wire/anthropic-messages"]));
  }
  return kinds as SchemaKind[];
}
