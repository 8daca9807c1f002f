// Known disagreements between an official provider spec and what real clients send, each with its
// source. checkFragment (check-fragment.mjs) reports a fragment as a known exception only when one
// of these applies to it and repairs it; test/provider-specs-exceptions.test.ts proves each is
// needed (without it, its client's fragment fails) and that an unknown difference still fails.

/**
 * Known disagreements between an official spec and what real clients send. A failing fragment is
 * reported as `known exception:` (not a failure) only when the exception applies to it AND the
 * fragment validates once the exception's repair is applied, so an exception never hides a
 * second, unrelated problem.
 */
export const KNOWN_EXCEPTIONS = [
  {
    id: "anthropic-empty-text-block",
    protocol: "anthropic-messages",
    schemas: ["RequestToolResultBlock", "InputMessage"],
    reason:
      "RequestTextBlock.text has minLength 1, but the AI SDK (@ai-sdk/anthropic 3.x, bundled by opencode-cli) " +
      "sends an empty text part as {type:'text', text:''} (spec/ai-sdk-and-provider-apis.md, disagreement 4)",
    applies: (fragment) => toolResultBlocksOf(fragment).some((block) => Array.isArray(block.content) && block.content.some(isEmptyTextBlock)),
    repair: (fragment) => mapToolResultBlocks(fragment, (block) => (Array.isArray(block.content) ? { ...block, content: block.content.filter((item) => !isEmptyTextBlock(item)) } : block)),
  },
  {
    id: "gemini-thought-signature-sentinel",
    protocol: "google-gemini",
    schemas: ["Part", "Content"],
    reason:
      "Part.thoughtSignature is format byte (base64), but the AI SDK (6.0.326+) replays Gemini 3 calls with the " +
      "documented sentinel 'skip_thought_signature_validator' (spec/ai-sdk-and-provider-apis.md, disagreement 10)",
    applies: (fragment) => partsOf(fragment).some((part) => part?.thoughtSignature === SIGNATURE_SENTINEL),
    repair: (fragment) => {
      const strip = (part) => {
        if (part?.thoughtSignature !== SIGNATURE_SENTINEL) return part;
        const { thoughtSignature: _dropped, ...rest } = part;
        return rest;
      };
      return Array.isArray(fragment?.parts) ? { ...fragment, parts: fragment.parts.map(strip) } : strip(fragment);
    },
  },
  {
    id: "openai-responses-replayed-assistant-text",
    protocol: "openai-responses",
    schemas: ["InputItem"],
    reason:
      "an assistant message with output_text content must be an OutputMessage (id and status required; annotations " +
      "and logprobs on each output_text), but @ai-sdk/openai 3.0.88 with store:false (opencode-cli; test/lower-oracle.test.ts) and " +
      "opencode-core's native lowering replay assistant text as {role:'assistant', content:[{type:'output_text', text}]} " +
      "without them (openai's ResponseOutputMessage type agrees with the spec: test/types/sdk-wire-types.test-d.ts)",
    applies: (item) => item?.role === "assistant" && item.id === undefined && Array.isArray(item.content) && item.content.some((part) => part?.type === "output_text"),
    repair: (item) => ({
      ...item,
      type: "message",
      id: "msg_replayed",
      status: "completed",
      content: item.content.map((part) => (part?.type === "output_text" ? { annotations: [], logprobs: [], ...part } : part)),
    }),
  },
  {
    id: "openai-responses-input-image-without-detail",
    protocol: "openai-responses",
    schemas: ["InputItem"],
    reason:
      "InputImageContent requires detail, but @ai-sdk/openai 3.0.88 sends a user image as {type:'input_image', image_url} " +
      "and adds detail only when providerOptions.openai.imageDetail is set, which opencode never sets (test/lower-oracle.test.ts; " +
      "openai's ResponseInputImage type agrees with the spec: test/types/sdk-wire-types.test-d.ts)",
    applies: (item) => Array.isArray(item?.content) && item.content.some(isImageWithoutDetail),
    repair: (item) => ({ ...item, content: item.content.map((part) => (isImageWithoutDetail(part) ? { ...part, detail: "auto" } : part)) }),
  },
];

const SIGNATURE_SENTINEL = "skip_thought_signature_validator";

function isEmptyTextBlock(block) {
  return typeof block === "object" && block !== null && block.type === "text" && block.text === "";
}

function isImageWithoutDetail(part) {
  return typeof part === "object" && part !== null && part.type === "input_image" && part.detail === undefined;
}

/** The tool_result blocks of a fragment: the block itself, or those of a message's content. */
function toolResultBlocksOf(fragment) {
  if (fragment?.type === "tool_result") return [fragment];
  return Array.isArray(fragment?.content) ? fragment.content.filter((block) => block?.type === "tool_result") : [];
}

function mapToolResultBlocks(fragment, map) {
  if (fragment?.type === "tool_result") return map(fragment);
  return { ...fragment, content: fragment.content.map((block) => (block?.type === "tool_result" ? map(block) : block)) };
}

/** The parts of a Gemini fragment: a Content's parts, or the Part itself. */
function partsOf(fragment) {
  return Array.isArray(fragment?.parts) ? fragment.parts : [fragment];
}
