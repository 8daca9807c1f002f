/**
 * Differential oracle for opencode-cli step 3 (spec §4.2): the AI SDK packages at exactly the
 * versions opencode 1.18.33 bundles (`ai` 6.0.168, `@ai-sdk/openai-compatible` 2.0.41,
 * `@ai-sdk/anthropic` 3.0.111, `@ai-sdk/google` 3.0.73, `@ai-sdk/openai` 3.0.88) are driven
 * through `generateText({model, messages})` with a custom `fetch` that records the request body
 * and answers a minimal valid response, never touching the network. correx's own step-3 body
 * (`lowerCli({from: "sdk-messages"})`) must equal the package's body for the fragment correx
 * produces (messages / system / contents / systemInstruction / input), compared as
 * `JSON.stringify` of that fragment, so key order counts. A lowering error must be an error
 * of the package too, with the same text.
 *
 * Inputs: every opencode-cli lowering case (sdk-messages as they are; model-messages and
 * history after correx's own steps 1–2, since opencode hands the packages its messages after
 * ProviderTransform), and random model-message histories (fast-check).
 *
 * Not covered here: what opencode adds around the fragment (model, max_tokens, tools,
 * providerOptions it sets per model), steps 1–2 themselves (opencode code, not the packages),
 * http(s) URLs in user parts (the `ai` core downloads them with the global fetch, which this
 * test forbids), and streaming (`streamText` builds the same prompt; only `stream: true` differs).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, type ModelMessage as SdkModelMessage } from "ai";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelMessage } from "../src/generated/schema-types.js";
import { expandGenerators } from "../src/golden/expand-generators.js";
import { parseGoldenYaml } from "../src/golden/golden-yaml.js";
import { LoweringError } from "../src/lower/lowering-error.js";
import type { Protocol } from "../src/lower/lowering-result.js";
import { cliTargetModel } from "../src/lower/opencode-cli/cli-target-model.js";
import { historyToModelMessages } from "../src/lower/opencode-cli/history-to-model-messages.js";
import { lowerCli } from "../src/lower/opencode-cli/lower-cli.js";
import { providerTransformMessage } from "../src/lower/opencode-cli/provider-transform-message.js";

const protocols: Protocol[] = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];
/** The top-level keys of a request body that hold the lowered prompt. */
const FRAGMENT_KEYS = new Set(["system", "messages", "contents", "systemInstruction", "input"]);

/** A minimal valid non-streaming response per protocol, so generateText finishes. */
const RESPONSES: Record<Protocol, object> = {
  "openai-chat": {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  },
  "anthropic-messages": {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "m",
    content: [{ type: "text", text: "ok" }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  },
  "google-gemini": {
    candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  },
  "openai-responses": {
    id: "resp_1",
    object: "response",
    created_at: 0,
    model: "m",
    status: "completed",
    output: [{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] }],
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  },
};

interface Recorded {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The provider model as opencode creates it, with a fetch that records and answers locally. */
function sdkModel(protocol: Protocol, modelID: string, sink: Recorded[]): LanguageModel {
  const fetch = async (_url: unknown, init?: { body?: unknown; headers?: unknown }): Promise<Response> => {
    sink.push({ body: JSON.parse(String(init?.body)), headers: { ...(init?.headers as Record<string, string>) } });
    return new Response(JSON.stringify(RESPONSES[protocol]), { status: 200, headers: { "content-type": "application/json" } });
  };
  const settings = { apiKey: "test", baseURL: "http://127.0.0.1:9/v1", fetch: fetch as typeof globalThis.fetch };
  switch (protocol) {
    case "openai-chat":
      return createOpenAICompatible({ name: "openai-compatible", ...settings }).chatModel(modelID);
    case "anthropic-messages":
      return createAnthropic(settings)(modelID);
    case "google-gemini":
      return createGoogleGenerativeAI(settings)(modelID);
    case "openai-responses":
      return createOpenAI(settings).responses(modelID);
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}

type Outcome = { fragment: string; betas: string[] } | { error: string };

/** What the packages send for these model messages (opencode sets `store: false` for OpenAI). */
async function packageOutcome(protocol: Protocol, modelID: string, messages: unknown[]): Promise<Outcome> {
  const sink: Recorded[] = [];
  try {
    await generateText({
      model: sdkModel(protocol, modelID, sink),
      messages: structuredClone(messages) as SdkModelMessage[],
      providerOptions: { openai: { store: false } },
      maxRetries: 0,
    });
  } catch (error) {
    if (sink.length === 0) return { error: (error as Error).message };
    throw error;
  }
  const [request] = sink;
  const betas = (request!.headers["anthropic-beta"] ?? "").split(",").filter((beta) => beta !== "");
  return { fragment: fragmentOf(request!.body), betas };
}

/** What correx's step 3 produces; the PDF beta header is reported as an `anthropic-beta:` warning. */
function correxOutcome(protocol: Protocol, modelID: string, messages: unknown[]): Outcome {
  try {
    const { body, warnings } = lowerCli({ protocol, from: "sdk-messages", model: modelID, messages });
    const beta = warnings.find((warning) => warning.startsWith("anthropic-beta: "));
    return { fragment: fragmentOf(body as Record<string, unknown>), betas: beta ? beta.slice("anthropic-beta: ".length).split(",") : [] };
  } catch (error) {
    if (LoweringError.isInstance(error)) return { error: error.message };
    throw error;
  }
}

function fragmentOf(body: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(body).filter(([key]) => FRAGMENT_KEYS.has(key))));
}

// The `ai` core "downloads" every URL in a user part with the global fetch, data: URLs included (as
// opencode's Attached media message has them): let data: URLs through (Node decodes them locally)
// and refuse anything else, so nothing leaves the machine.
const realFetch = globalThis.fetch;
beforeAll(() => {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  globalThis.fetch = (async (url: unknown, init?: RequestInit) => {
    if (String(url).startsWith("data:")) return realFetch(String(url), init);
    throw new Error(`lower-oracle: network access attempted: ${String(url)}`);
  }) as typeof globalThis.fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

// ---------------------------------------------------------------- golden cases

interface LowerCase {
  id: string;
  from: "history" | "model-messages" | "sdk-messages";
  model?: string;
  protocols: Protocol[];
  messages: unknown[];
}

const casesDir = join(import.meta.dirname, "..", "fixtures", "cases", "opencode-cli", "lower");
const cases: LowerCase[] = readdirSync(casesDir)
  .filter((name) => name.endsWith(".yaml"))
  .sort()
  .map((name) => {
    const data = expandGenerators(parseGoldenYaml(readFileSync(join(casesDir, name), "utf8"))) as Omit<LowerCase, "id">;
    return { ...data, id: `opencode-cli/lower/${name.slice(0, -".yaml".length)}`, from: data.from ?? "history" };
  });

/** The model messages opencode hands to the packages: sdk-messages as is, the other levels after correx's steps 1–2. */
function stepThreeInput(testCase: LowerCase, protocol: Protocol): ModelMessage[] | { error: string } {
  const target = cliTargetModel(protocol, testCase.model);
  try {
    switch (testCase.from) {
      case "sdk-messages":
        return testCase.messages as ModelMessage[];
      case "model-messages":
        return providerTransformMessage(testCase.messages as ModelMessage[], target);
      case "history":
        return providerTransformMessage(historyToModelMessages(testCase.messages as never, target), target);
      default: {
        const _exhaustive: never = testCase.from;
        return _exhaustive;
      }
    }
  } catch (error) {
    if (LoweringError.isInstance(error)) return { error: error.message };
    throw error;
  }
}

describe("lowering oracle: opencode-cli golden cases through the AI SDK packages (§4.2)", () => {
  it("reads the sdk-messages cases", () => {
    expect(cases.filter((testCase) => testCase.from === "sdk-messages").length).toBeGreaterThanOrEqual(30);
  });
  for (const testCase of cases) {
    for (const protocol of testCase.protocols) {
      it(`${testCase.id} (${testCase.from}) ${protocol}`, async () => {
        const input = stepThreeInput(testCase, protocol);
        if (!Array.isArray(input)) return; // refused before step 3: nothing for the packages to check
        const modelID = cliTargetModel(protocol, testCase.model).modelID;
        const ours = correxOutcome(protocol, modelID, input);
        const theirs = await packageOutcome(protocol, modelID, input);
        expect(ours).toEqual(theirs);
      });
    }
  }
});

// ---------------------------------------------------------------- random histories

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\n", " padded \n", "é ✓ 𝄞", "a\u0000b\u001f", "\u2028x") },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
);
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const contentItem = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant("text"), text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("image-data"), data: fc.constant(PNG), mediaType: fc.constantFrom("image/png", "image/jpeg") }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant("file-data"), data: fc.constant("JVBERi0xLjQKJSVFT0YK"), mediaType: fc.constant("application/pdf") }, { requiredKeys: ["type", "data", "mediaType"] }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("file-data"), data: fc.constant("aGVsbG8="), mediaType: fc.constant("text/plain"), filename: fc.constant("a.txt") }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("image-url"), url: fc.constantFrom("https://example.com/a.png", `data:image/png;base64,${PNG}`) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("file-url"), url: fc.constantFrom("https://example.com/a.pdf", "data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK") }) },
);
const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const output = fc.oneof(
  fc.record({ type: fc.constant("text"), value: text }),
  fc.record({ type: fc.constant("error-text"), value: text }),
  fc.record({ type: fc.constant("json"), value: json }),
  fc.record({ type: fc.constant("error-json"), value: json }),
  fc.record({ type: fc.constant("execution-denied"), reason: text }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("content"), value: fc.array(contentItem, { maxLength: 3 }) }),
);
const toolName = fc.constantFrom("bash", "read", "grep_files");
/** One step: assistant text around parallel calls, their results (in one or several tool messages), maybe a user turn after. */
/** User parts: text, and media as opencode's attached-media message or a user file would carry them. */
const userPart = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant("text"), text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("image"), image: fc.constantFrom(PNG, `data:image/png;base64,${PNG}`) }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        type: fc.constant("file"),
        mediaType: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("application/pdf", "text/plain", "image/png") }, { weight: 1, arbitrary: fc.constantFrom("audio/wav", "application/zip") }),
        data: fc.constantFrom("JVBERi0xLjQKJSVFT0YK", "aGVsbG8="),
        filename: fc.constantFrom("a.pdf", "notes.txt"),
      },
      { requiredKeys: ["type", "mediaType", "data"] },
    ),
  },
);
/** The value in about one history step in `n`, else undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
/** Anthropic cache markers as opencode's ProviderTransform sets them (and any other provider ignores). */
const cacheMarker = rarely(fc.constant({ anthropic: { cacheControl: { type: "ephemeral" } } }), 3);
const step = fc.record({
  before: fc.option(text, { nil: undefined }),
  reasoning: rarely(fc.record({ text, signature: fc.option(fc.constant("sig"), { nil: undefined }) }), 4),
  calls: fc.array(fc.tuple(toolName, fc.dictionary(fc.constantFrom("a", "b"), fc.string({ maxLength: 4 }), { maxKeys: 2 }), output, cacheMarker), { minLength: 1, maxLength: 3 }),
  splitResults: fc.boolean(),
  dropResult: rarely(fc.nat(2), 12),
  userAfter: fc.option(fc.oneof(text, fc.array(userPart, { minLength: 1, maxLength: 3 })), { nil: undefined }),
  systemAfter: rarely(fc.constant("late system"), 12),
});
const history = fc.record({
  system: fc.option(fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), cacheMarker), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  user: fc.option(fc.array(userPart, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  /** A trailing assistant text (a prefill: Anthropic trims the last assistant text of the last turn). */
  prefill: rarely(text, 4),
});

type History = typeof history extends fc.Arbitrary<infer H> ? H : never;

function toMessages(value: History): unknown[] {
  const messages: unknown[] = [];
  for (const [content, providerOptions] of value.system ?? []) messages.push({ role: "system", content, providerOptions });
  if (value.user !== undefined) messages.push({ role: "user", content: value.user });
  let id = 0;
  for (const current of value.steps) {
    const calls = current.calls.map(([name, input, result, providerOptions]) => ({ id: `call_${id++}`, name, input, result, providerOptions }));
    const before = current.before === undefined ? [] : [{ type: "text", text: current.before }];
    const reasoning =
      current.reasoning === undefined
        ? []
        : [{ type: "reasoning", text: current.reasoning.text, ...(current.reasoning.signature && { providerOptions: { anthropic: { signature: current.reasoning.signature } } }) }];
    messages.push({ role: "assistant", content: [...reasoning, ...before, ...calls.map((call) => ({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: call.input }))] });
    const results = calls
      .filter((_call, index) => index !== current.dropResult)
      .map((call) => ({ type: "tool-result", toolCallId: call.id, toolName: call.name, output: call.result, providerOptions: call.providerOptions }));
    if (current.splitResults) for (const result of results) messages.push({ role: "tool", content: [result] });
    else if (results.length > 0) messages.push({ role: "tool", content: results });
    if (current.systemAfter !== undefined) messages.push({ role: "system", content: current.systemAfter });
    if (current.userAfter !== undefined) messages.push({ role: "user", content: current.userAfter });
  }
  if (value.prefill !== undefined) messages.push({ role: "assistant", content: [{ type: "text", text: value.prefill }] });
  return JSON.parse(JSON.stringify(messages)) as unknown[];
}

const models: Record<Protocol, string[]> = {
  "openai-chat": ["gpt-4.1"],
  "anthropic-messages": ["claude-sonnet-4-5"],
  "google-gemini": ["gemini-2.5-flash", "gemini-3-pro-preview"],
  "openai-responses": ["gpt-4.1", "gpt-5"],
};

/** Runs per protocol and model; ORACLE_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.ORACLE_RUNS ?? 300);

describe("lowering oracle: random model-message histories (§4.2)", () => {
  for (const protocol of protocols) {
    for (const modelID of models[protocol]) {
      it(`${protocol} ${modelID}: correx's step 3 equals the package's body`, async () => {
        const errors = new Map<string, number>();
        await fc.assert(
          fc.asyncProperty(history, async (value) => {
            const messages = toMessages(value);
            const ours = correxOutcome(protocol, modelID, messages);
            const theirs = await packageOutcome(protocol, modelID, messages);
            expect(ours).toEqual(theirs);
            if ("error" in theirs) errors.set(theirs.error, (errors.get(theirs.error) ?? 0) + 1);
          }),
          { numRuns: RUNS },
        );
        // Not vacuous: most histories lower to a body (refusals are compared too, but must stay the minority).
        const refused = [...errors.values()].reduce((sum, count) => sum + count, 0);
        expect(refused, JSON.stringify([...errors])).toBeLessThan(RUNS / 2);
      });
    }
  }
});
