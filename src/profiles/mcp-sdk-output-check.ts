import { packageOnFirstUse } from "../input/package-on-first-use.js";

const ajvPackage = packageOnFirstUse<typeof import("ajv")>("ajv");

/**
 * The official TypeScript MCP SDK client's check of a result against the tool's outputSchema
 * (`Client.callTool` once the tool was listed), which Gemini CLI and opencode both inherit: a
 * result without structuredContent (and not isError) from a tool with an outputSchema, or
 * structuredContent the schema refuses, becomes an McpError. Returns the error's code and message
 * (`MCP error <code>: …` is the SDK's prefix, added by the caller's rule), or null when it passes.
 * Validation is ajv's (strict off, every error, `errorsText`), as the SDK's AjvJsonSchemaValidator.
 * @see docs/spec/gemini-cli-0.61.0.md §15.4; docs/unsupported-rules.md "MCP tools" (captures in docs/spec/captures/mcp/)
 */
export function mcpSdkOutputCheck(declaration: Record<string, unknown> | undefined, result: Record<string, unknown>): { code: number; message: string } | null {
  const schema = declaration?.outputSchema;
  if (schema === undefined || schema === null || typeof schema !== "object") return null;
  if (!result.structuredContent && !result.isError) return { code: -32600, message: `Tool ${String(declaration?.name)} has an output schema but did not return structured content` };
  if (!result.structuredContent) return null;
  const ajv = new (ajvPackage().Ajv)({ strict: false, validateSchema: false, allErrors: true });
  const validate = ajv.compile(schema);
  if (validate(result.structuredContent)) return null;
  return { code: -32602, message: `Structured content does not match the tool's output schema: ${ajv.errorsText(validate.errors)}` };
}
