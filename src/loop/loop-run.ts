import { createNodeEnvironment } from "../environment/node-environment.js";
import type { Protocol } from "../lower/lowering-result.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { type FormatOptions, type Profile, type ProfileStepCall, UnsupportedError } from "../profiles/profile.js";
import { MAX_STEPS_TEXT, NO_STRUCTURED_OUTPUT, STRUCTURED_OUTPUT_TOOL } from "./loop-max-steps.js";
import { readSseEvents, type SseEvent } from "./loop-sse-events.js";
import { type LoopCall, type LoopFinish, parseStreamReply } from "./loop-stream-reply.js";
import { type LoopTool, loopTools, streamBody, streamEndpoint, toolRequestFields } from "./loop-tool-definitions.js";

export interface ReferenceLoopOptions {
  profile: Profile;
  protocol: Protocol;
  /** The provider's origin, e.g. `http://127.0.0.1:PORT` (any origin under msw). */
  baseURL: string;
  model: string;
  prompt: string;
  workspace: string;
  store: OutputStorePort;
  /** Steps allowed (opencode's `agent.steps`; default unlimited). */
  maxSteps?: number;
  /** json_schema structured-output mode: the schema the StructuredOutput tool takes. */
  format?: { type: "json_schema"; schema: Record<string, unknown> };
  /** The fetch to call the provider and webfetch pages with (default: global fetch). */
  fetch?: typeof fetch;
  formatOptions?: FormatOptions;
}

/** How a loop ended. */
export interface ReferenceLoopResult {
  status: "completed" | "error";
  error?: string;
  steps: number;
  finish: LoopFinish;
  /** The last assistant text. */
  text: string;
  /** The StructuredOutput call's input, in json_schema mode. */
  structured?: unknown;
  /** Every request body sent, in order. */
  requests: Record<string, unknown>[];
  /** The rule that ended the session at a call (Profile.endsRun: a refused permission), if one did. */
  endedBy?: string;
}

/**
 * The reference agent loop: call the provider with real `fetch`, reassemble the streamed reply,
 * run its tool calls in the workspace (observe → profile format → history), lower the history with
 * the profile, and go on while the finish is `tool-calls`. At the step limit the MAX_STEPS text is
 * the request's last (assistant) message and the loop ends after that step. In json_schema mode a
 * StructuredOutput tool is offered (and required); stopping without calling it is the error
 * `Model did not produce structured output`.
 * @see spec §4.5, seed 002 (loop control), spec §4.1–4.3 (lowering)
 */
export async function runReferenceLoop(options: ReferenceLoopOptions): Promise<ReferenceLoopResult> {
  const { profile, protocol } = options;
  const fetcher = options.fetch ?? fetch;
  const tools: LoopTool[] = loopTools(profile);
  if (options.format) tools.push({ name: STRUCTURED_OUTPUT_TOOL, description: "Return the final answer as structured output.", parameters: options.format.schema });
  const formatOptions: FormatOptions = { model: options.model, cwd: options.workspace, ...options.formatOptions };
  const history: unknown[] = [profile.history.prompt(options.prompt)];
  const from = Object.keys(profile.history.forms)[0];
  const requests: Record<string, unknown>[] = [];
  const maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
  let text = "";
  let finish: LoopFinish = "unknown";
  for (let step = 1; ; step++) {
    const lastStep = step >= maxSteps;
    const messages = lastStep ? [...history, profile.history.assistantText(MAX_STEPS_TEXT)] : history;
    const lowered = profile.history.lower({ protocol, messages, from, model: options.model }).body;
    const body = streamBody(protocol, lowered, options.model, toolRequestFields(protocol, tools, options.format !== undefined));
    requests.push(body);
    const { response, events, errorText } = await postWithRetry(fetcher, streamEndpoint(protocol, options.baseURL, options.model), body);
    if (!response.ok) return { status: "error", error: `provider answered ${response.status}: ${errorText.slice(0, 500)}`, steps: step, finish, text, requests };
    const reply = parseStreamReply(protocol, events);
    finish = reply.finish;
    text = reply.text;
    const calls = reply.calls.map((call, index) => ({ ...call, id: call.id ?? `call_${step}_${index + 1}` }));
    const structuredCall = calls.find((call) => call.name === STRUCTURED_OUTPUT_TOOL);
    if (structuredCall && options.format) {
      return { status: "completed", steps: step, finish: "stop", text, structured: JSON.parse(structuredCall.arguments || "{}"), requests };
    }
    const stepped = await runStep(options, reply.text, calls, formatOptions, fetcher);
    // The agent's session ends at the call (opencode run rejects a permission ask and its loop
    // stops): no result of that step is sent.
    if (stepped.endedBy !== undefined) return { status: "completed", steps: step, finish, text, requests, endedBy: stepped.endedBy };
    history.push(...stepped.messages);
    if (finish !== "tool-calls" || lastStep) break;
  }
  if (finish === "content-filter") return { status: "error", error: "The response was blocked by the provider's content filter", steps: requests.length, finish, text, requests };
  if (options.format) return { status: "error", error: NO_STRUCTURED_OUTPUT, steps: requests.length, finish, text, requests };
  return { status: "completed", steps: requests.length, finish, text, requests };
}

/**
 * Runs one step's calls in order and returns the history messages the step adds, in the profile's
 * history form, or the rule that ended the session at one of them (Profile.endsRun).
 */
async function runStep(
  options: ReferenceLoopOptions,
  text: string,
  calls: (LoopCall & { id: string })[],
  formatOptions: FormatOptions,
  fetcher: typeof fetch,
): Promise<{ messages: unknown[]; endedBy?: string }> {
  const results: ProfileStepCall[] = [];
  for (const call of calls) {
    let input: unknown;
    try {
      input = JSON.parse(call.arguments || "{}");
    } catch {
      input = {};
    }
    let result: unknown;
    try {
      const observation = await options.profile.observe({ tool: call.name, input }, createNodeEnvironment({ workspace: options.workspace, fetch: fetcher }));
      const endedBy = options.profile.endsRun?.({ tool: call.name, input }, observation);
      if (endedBy !== undefined) return { messages: [], endedBy };
      result = options.profile.format({ tool: call.name, input, observation, options: formatOptions }, options.store);
    } catch (error) {
      // A rule the profile does not model (running or formatting the call): the loop goes on with an
      // error result saying so, where the profile has an error result; otherwise it stops.
      if (!UnsupportedError.isInstance(error) || !options.profile.errorResult) throw error;
      result = options.profile.errorResult(`correx: ${error.message}`);
    }
    results.push({ id: call.id, tool: call.name, input, result });
  }
  return { messages: options.profile.history.step({ text, calls: results }, formatOptions) };
}

/**
 * Retries a 429 or 5xx answer (at most 3 times), waiting retry-after seconds (capped at 2 s). A
 * successful answer's body is read as server-sent events, incrementally; an error's as text.
 */
async function postWithRetry(fetcher: typeof fetch, url: string, body: unknown): Promise<{ response: Response; events: SseEvent[]; errorText: string }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetcher(url, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify(body) });
    if (response.ok) return { response, events: await readSseEvents(response.body), errorText: "" };
    const errorText = await response.text();
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt >= 3) return { response, events: [], errorText };
    const seconds = Number(response.headers.get("retry-after") ?? "0.2");
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) ? seconds : 0.2, 2) * 1000));
  }
}
