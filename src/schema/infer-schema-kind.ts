import type { SchemaKind } from "./schema-kind.js";

type Shape = Record<string, unknown>;

const RESULT_VALUE_TYPES = new Set(["json", "text", "error", "content"]);
const TOOL_STATES = new Set(["pending", "running", "completed", "error"]);
const CLI_OUTPUT_TYPES = new Set(["error-text", "error-json", "execution-denied"]);
const NONE: readonly SchemaKind[] = Object.freeze([]);

/** The answers, made once: a record's inference allocates nothing (validate calls it per record). */
const AS_ADAPTER_REQUEST: readonly SchemaKind[] = Object.freeze(["adapter/request"]);
const AS_ADAPTER_RESPONSE: readonly SchemaKind[] = Object.freeze(["adapter/response"]);
const AS_CASE: readonly SchemaKind[] = Object.freeze(["case"]);
const AS_CLAUDE_CODE_TOOL_RESULT: readonly SchemaKind[] = Object.freeze(["claude-code/tool-result"]);
const AS_CODEX_CLI_TOOL_RESULT: readonly SchemaKind[] = Object.freeze(["codex-cli/tool-result"]);
const AS_ENVELOPE_MESSAGE: readonly SchemaKind[] = Object.freeze(["envelope/message"]);
const AS_ENVELOPE_TOOL_CONTENT: readonly SchemaKind[] = Object.freeze(["envelope/tool-content"]);
const AS_ENVELOPE_TOOL_OUTPUT: readonly SchemaKind[] = Object.freeze(["envelope/tool-output"]);
const AS_ENVELOPE_TOOL_RESULT_PART: readonly SchemaKind[] = Object.freeze(["envelope/tool-result-part"]);
const AS_ENVELOPE_TOOL_RESULT_VALUE_OR_OPENCODE_CLI_TOOL_RESULT_OUTPUT: readonly SchemaKind[] = Object.freeze(["envelope/tool-result-value", "opencode-cli/tool-result-output"]);
const AS_GEMINI_CLI_TOOL_RESULT: readonly SchemaKind[] = Object.freeze(["gemini-cli/tool-result"]);
const AS_GOLDEN: readonly SchemaKind[] = Object.freeze(["golden"]);
const AS_OPENCODE_CLI_TOOL_RESULT_OUTPUT: readonly SchemaKind[] = Object.freeze(["opencode-cli/tool-result-output"]);

/**
 * The schema kinds a value most likely means, best first, from its shape alone.
 * `correx validate` tries them in order and reports against the first when none validates.
 * Observations are not guessed (their shapes overlap); they need `--as observations/<tool>`.
 */
export function inferSchemaKinds(value: unknown): readonly SchemaKind[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return NONE;
  const shape = value as Shape;
  const type = shape.type;
  if (type === "tool-result") return AS_ENVELOPE_TOOL_RESULT_PART;
  if (typeof shape.correx === "string" && shape.correx.startsWith("golden/")) return AS_GOLDEN;
  if ("profile" in shape && "stage" in shape) return AS_CASE;
  if ("op" in shape) return AS_ADAPTER_REQUEST;
  if ("ok" in shape) return AS_ADAPTER_RESPONSE;
  if ("structured" in shape && "content" in shape) return AS_ENVELOPE_TOOL_OUTPUT;
  if (typeof type === "string" && "value" in shape) {
    if (RESULT_VALUE_TYPES.has(type)) return AS_ENVELOPE_TOOL_RESULT_VALUE_OR_OPENCODE_CLI_TOOL_RESULT_OUTPUT;
    return AS_OPENCODE_CLI_TOOL_RESULT_OUTPUT;
  }
  if (typeof type === "string" && CLI_OUTPUT_TYPES.has(type)) return AS_OPENCODE_CLI_TOOL_RESULT_OUTPUT;
  if (type === "text" || type === "file") return AS_ENVELOPE_TOOL_CONTENT;
  if (typeof shape.status === "string" && TOOL_STATES.has(shape.status)) {
    return "input" in shape ? ["opencode-cli/tool-state"] : ["opencode-cli/format-result"];
  }
  if (typeof shape.role === "string") return AS_ENVELOPE_MESSAGE;
  const keys = Object.keys(shape);
  // The agents' own results: codex-cli `{output}`, gemini-cli `{response, parts?}`, claude-code `{content: text, is_error?, notes?}`.
  if ("output" in shape && keys.every((key) => key === "output")) return AS_CODEX_CLI_TOOL_RESULT;
  if (shape.response !== null && typeof shape.response === "object" && keys.every((key) => key === "response" || key === "parts")) return AS_GEMINI_CLI_TOOL_RESULT;
  if (typeof shape.content === "string" && keys.every((key) => key === "content" || key === "is_error" || key === "notes")) return AS_CLAUDE_CODE_TOOL_RESULT;
  const wire = wireKinds(shape);
  if (wire.length > 0) return wire;
  return NONE;
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
