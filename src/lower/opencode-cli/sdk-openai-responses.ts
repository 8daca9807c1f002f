import { type LoweringResult, wireValue } from "../lowering-result.js";
import type { OpenAIResponsesBody } from "../wire-bodies.js";
import { type SdkContentItem, type SdkMessage, type SdkToolResultPart, unsupported } from "./sdk-prompt.js";

type Item = Record<string, unknown>;

/** `getOpenAILanguageModelCapabilities(modelId).isReasoningModel`: o-series and gpt-5+ (not chat variants). */
export function isOpenAIReasoningModel(modelID: string): boolean {
  if (/^o(\d+)(?:-|$)/.test(modelID)) return true;
  const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelID);
  if (!match) return false;
  const isChat = match[2] == null && (match[3]?.startsWith("chat") ?? false);
  return Number(match[1]) >= 5 && !isChat;
}

const breakpointOf = (options: Record<string, any> | undefined) => options?.openai?.promptCacheBreakpoint;

function outputItem(item: SdkContentItem, warnings: string[]): Item | undefined {
  const breakpoint = breakpointOf(item.providerOptions);
  const extra = breakpoint != null ? { prompt_cache_breakpoint: breakpoint } : {};
  switch (item.type) {
    case "text":
      return { type: "input_text", text: item.text, ...extra };
    case "image-data":
      return { type: "input_image", image_url: `data:${item.mediaType};base64,${item.data}`, detail: item.providerOptions?.openai?.imageDetail, ...extra };
    case "image-url":
      return { type: "input_image", image_url: item.url, detail: item.providerOptions?.openai?.imageDetail, ...extra };
    case "file-data":
      return { type: "input_file", filename: item.filename ?? "data", file_data: `data:${item.mediaType};base64,${item.data}`, ...extra };
    case "file-url":
      return { type: "input_file", file_url: item.url, ...extra };
    default:
      warnings.push(`unsupported tool content part type: ${item.type}`);
      return undefined;
  }
}

/**
 * `function_call_output`: a string for text/error/json/denied, an input_text/input_image/input_file array for content.
 * @see spec §4.2 (OpenAI Responses column)
 */
function toolOutput(part: SdkToolResultPart, warnings: string[]): Item {
  const output = part.output;
  let value: unknown;
  switch (output.type) {
    case "text":
    case "error-text":
      value = output.value;
      break;
    case "execution-denied":
      value = output.reason ?? "Tool call execution denied.";
      break;
    case "json":
    case "error-json":
      value = JSON.stringify(output.value);
      break;
    case "content":
      value = output.value.map((item) => outputItem(item, warnings)).filter((item) => item !== undefined);
      break;
    default: {
      const _exhaustive: never = output;
      return _exhaustive;
    }
  }
  return { type: "function_call_output", call_id: part.toolCallId, output: value };
}

/**
 * @ai-sdk/openai 3.0.88 `convertToOpenAIResponsesInput` with opencode's `store: false`: the `input` of a Responses request.
 * @see spec §4.2 (OpenAI Responses column)
 */
export function sdkOpenAIResponses(prompt: SdkMessage[], modelID: string): LoweringResult<OpenAIResponsesBody> {
  const warnings: string[] = [];
  const systemRole = isOpenAIReasoningModel(modelID) ? "developer" : "system";
  const input: Item[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case "system": {
        const breakpoint = breakpointOf(message.providerOptions);
        input.push({ role: systemRole, content: breakpoint == null ? message.content : [{ type: "input_text", text: message.content, prompt_cache_breakpoint: breakpoint }] });
        break;
      }
      case "user":
        input.push({
          role: "user",
          content: message.content.map((part, index): Item => {
            const breakpoint = breakpointOf(part.providerOptions);
            const extra = breakpoint != null ? { prompt_cache_breakpoint: breakpoint } : {};
            if (part.type === "text") return { type: "input_text", text: part.text, ...extra };
            const mediaType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
            const data = part.data;
            if (mediaType.startsWith("image/"))
              return {
                type: "input_image",
                ...(typeof data !== "string" ? { image_url: data.url } : data.startsWith("file-") ? { file_id: data } : { image_url: `data:${mediaType};base64,${data}` }),
                detail: part.providerOptions?.openai?.imageDetail,
                ...extra,
              };
            if (typeof data !== "string") return { type: "input_file", file_url: data.url, ...extra };
            if (mediaType !== "application/pdf") throw unsupported(`file part media type ${mediaType}`);
            return {
              type: "input_file",
              ...(data.startsWith("file-") ? { file_id: data } : { filename: part.filename ?? `part-${index}.pdf`, file_data: `data:${mediaType};base64,${data}` }),
              ...extra,
            };
          }),
        });
        break;
      case "assistant":
        for (const part of message.content) {
          switch (part.type) {
            case "text":
              input.push({
                role: "assistant",
                content: [{ type: "output_text", text: part.text }],
                id: part.providerOptions?.openai?.itemId,
                ...(part.providerOptions?.openai?.phase != null && { phase: part.providerOptions.openai.phase }),
              });
              break;
            case "tool-call":
              if (part.providerExecuted) break;
              input.push({
                type: "function_call",
                call_id: part.toolCallId,
                name: part.toolName,
                arguments: JSON.stringify(part.input === undefined ? {} : part.input),
                ...(part.providerOptions?.openai?.namespace != null && { namespace: part.providerOptions.openai.namespace }),
              });
              break;
            case "reasoning": {
              const encrypted = part.providerOptions?.openai?.reasoningEncryptedContent;
              if (encrypted != null) input.push({ type: "reasoning", encrypted_content: encrypted, summary: part.text.length > 0 ? [{ type: "summary_text", text: part.text }] : [] });
              else warnings.push(`Non-OpenAI reasoning parts are not supported. Skipping reasoning part: ${JSON.stringify(part)}.`);
              break;
            }
            case "file":
              break;
            default: {
              const _exhaustive: never = part;
              return _exhaustive;
            }
          }
        }
        break;
      case "tool":
        for (const part of message.content) input.push(toolOutput(part, warnings));
        break;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }
  return { body: wireValue({ input }) as unknown as OpenAIResponsesBody, warnings };
}
