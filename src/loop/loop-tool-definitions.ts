import type { Protocol } from "../lower/lowering-result.js";
import type { Profile, ToolDeclaration } from "../profiles/profile.js";

/** A tool offered to the model: name, description, JSON Schema of its arguments. */
export type LoopTool = ToolDeclaration;

const string = { type: "string" };
const number = { type: "number" };
const object = (properties: Record<string, unknown>, required: string[]) => ({ type: "object", properties, required });

/** The tools the reference loop offers when it plays `profile`: its own declarations, or the loop's set named in its style. */
export function loopTools(profile: Profile): LoopTool[] {
  return profile.toolDeclarations ? [...profile.toolDeclarations] : referenceLoopTools(profile.argumentNames.path);
}

/** The loop's own tool set, its read/write/edit path argument named `path` (v1: `filePath`, v2: `path`). */
export function referenceLoopTools(path: string): LoopTool[] {
  return [
    { name: "bash", description: "Run a shell command.", parameters: object({ command: string, timeout: number, workdir: string }, ["command"]) },
    { name: "read", description: "Read a file or directory.", parameters: object({ [path]: string, offset: number, limit: number }, [path]) },
    { name: "write", description: "Write a file.", parameters: object({ [path]: string, content: string }, [path, "content"]) },
    {
      name: "edit",
      description: "Replace text in a file.",
      parameters: object({ [path]: string, oldString: string, newString: string, replaceAll: { type: "boolean" } }, [path, "oldString", "newString"]),
    },
    { name: "glob", description: "Find files by pattern.", parameters: object({ pattern: string, path: string }, ["pattern"]) },
    { name: "grep", description: "Search file contents.", parameters: object({ pattern: string, path: string, include: string }, ["pattern"]) },
    { name: "webfetch", description: "Fetch a URL.", parameters: object({ url: string, format: { type: "string", enum: ["text", "markdown", "html"] }, timeout: number }, ["url"]) },
  ];
}

/** The request fields that offer tools (and force a call when `required`), per protocol. */
export function toolRequestFields(protocol: Protocol, tools: LoopTool[], required: boolean): Record<string, unknown> {
  switch (protocol) {
    case "openai-chat":
      return {
        tools: tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } })),
        ...(required ? { tool_choice: "required" } : {}),
      };
    case "anthropic-messages":
      return {
        tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters })),
        ...(required ? { tool_choice: { type: "any" } } : {}),
      };
    case "google-gemini":
      return {
        tools: [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })) }],
        ...(required ? { toolConfig: { functionCallingConfig: { mode: "ANY" } } } : {}),
      };
    case "openai-responses":
      return {
        tools: tools.map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: false })),
        ...(required ? { tool_choice: "required" } : {}),
      };
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}

/** Where each protocol's streaming endpoint is, under the provider's origin. */
export function streamEndpoint(protocol: Protocol, baseURL: string, model: string): string {
  switch (protocol) {
    case "openai-chat":
      return `${baseURL}/v1/chat/completions`;
    case "anthropic-messages":
      return `${baseURL}/v1/messages`;
    case "google-gemini":
      return `${baseURL}/v1beta/models/${model}:streamGenerateContent?alt=sse`;
    case "openai-responses":
      return `${baseURL}/v1/responses`;
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}

/** The request body: the lowered messages plus model, tools and streaming, per protocol. */
export function streamBody(protocol: Protocol, lowered: object, model: string, toolFields: Record<string, unknown>): Record<string, unknown> {
  switch (protocol) {
    case "openai-chat":
      return { model, ...lowered, ...toolFields, stream: true, stream_options: { include_usage: true } };
    case "anthropic-messages":
      return { model, max_tokens: 4096, ...lowered, ...toolFields, stream: true };
    case "google-gemini":
      return { ...lowered, ...toolFields };
    case "openai-responses":
      return { model, ...lowered, ...toolFields, stream: true };
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}
