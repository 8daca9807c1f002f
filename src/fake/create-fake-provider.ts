import { http, type RequestHandler } from "msw";
import type { Validator } from "../generated/validator.js";
import { DEFAULT_SCENARIO_STYLE } from "../profiles/profile-registry.js";
import { findSubagentScript, UNSCRIPTED_SUBAGENT_TEXT } from "../profiles/subagent-script.js";
import type { Scenario, ScenarioTurn } from "../scenario/scenario.js";
import { scenarioContentBytes } from "../scenario/scenario-content-bytes.js";
import { focusIssues } from "../schema/focus-issues.js";
import { loadAllErrorsValidator, loadValidator } from "../schema/load-validator.js";
import { toValidationIssues, type ValidationIssue } from "../schema/validation-issue.js";
import { anthropicBetaIssues } from "./anthropic-betas.js";
import { countTokensExtraKeys, fakeInputTokens } from "./anthropic-count-tokens.js";
import type { CapturedRequest, FakeViolation } from "./fake-capture.js";
import type { FakeProtocol } from "./fake-protocol.js";
import { type FakeReply, fakeReplyStatus } from "./fake-reply.js";
import { DEFAULT_PIECE_SIZE } from "./fake-reply-context.js";
import { readFakeRequestFacts } from "./fake-request-facts.js";
import { fakeResultTexts, resultTextLookup } from "./fake-result-texts.js";
import { type FakeTurn, fakeCallId, fakeTurnAt, fakeTurnCallIds } from "./fake-turn.js";
import { type FakeReplyMode, planFakeReply } from "./plan-fake-reply.js";
import { providerErrorReply } from "./provider-error-reply.js";
import { renderFakeReply } from "./render-fake-reply.js";
import { selectFakeTurn } from "./select-fake-turn.js";

export interface FakeProviderOptions {
  protocol: FakeProtocol;
  /** The script; default: one turn answering `OK.` to every request. */
  scenario?: Scenario;
  /** The id of the profile the fake plays against (its argument names of read/write/edit); default: the scenario's own style. */
  profile?: string;
  /** Code points per streamed delta (default 16). */
  pieceSize?: number;
  /** Keep at most this many captured requests, dropping the oldest (default: all). */
  maxCaptured?: number;
  /** The agent's workspace directory, filled in for `{{workspace}}` in call inputs. */
  workspace?: string;
  /** Called after each request is answered (e.g. to log violations as they happen). */
  onCapture?: (request: CapturedRequest) => void;
}

/** A scripted provider: MSW handlers, plus what they captured. One value, three hosts (style point 7). */
export interface FakeProvider {
  readonly protocol: FakeProtocol;
  readonly scenario: Scenario;
  readonly profile: string;
  /** The MSW handlers: give them to `getResponse`, `setupServer` or `startFakeHttpServer`. */
  readonly handlers: RequestHandler[];
  /** Every request seen, in arrival order. */
  readonly requests: CapturedRequest[];
  /** Every request body that broke its wire schema. */
  readonly violations: FakeViolation[];
  /** Records a request no handler took (hosts call this; it is answered 404 or rejected there). */
  recordUnhandled(request: Request): Promise<CapturedRequest>;
  /** Forgets captures and fault attempt counts. */
  reset(): void;
}

/** The default script: any request gets the final text `OK.`. */
export const defaultScenario: Scenario = { name: "default", spec: "§4.5", prompt: "Say OK.", turns: [{ text: "OK." }] };

/** The URL patterns of each protocol's endpoints (any origin and path prefix, so any baseURL works). */
const ENDPOINTS: Record<FakeProtocol, string[]> = {
  "openai-chat": ["*/chat/completions"],
  "anthropic-messages": ["*/messages"],
  "google-gemini": ["*/models/:model\\:generateContent", "*/models/:model\\:streamGenerateContent"],
  "openai-responses": ["*/responses"],
};

/**
 * Compiles a scenario into a fake provider for one protocol. Every request body is checked
 * against `schemas/wire/<protocol>.json`: an invalid one is answered 400 in the provider's error
 * shape and recorded as a violation; a valid one gets the scripted turn its history selects.
 */
export async function createFakeProvider(options: FakeProviderOptions): Promise<FakeProvider> {
  const protocol = options.protocol;
  const scenario = options.scenario ?? defaultScenario;
  const profile = options.profile ?? scenario.argumentStyle ?? DEFAULT_SCENARIO_STYLE;
  const schema = `wire/${protocol}` as const;
  const validate = await loadValidator(schema);
  const main: FakeScript = { scenario, callIds: fakeTurnCallIds(scenario, protocol), attempts: new Map() };
  const subagents: FakeScript[] = (scenario.subagents ?? []).map((subagent, index) => {
    const sub: Scenario = { ...scenario, prompt: subagent.prompt, turns: subagentTurns(subagent.turns, index + 1, protocol), subagents: undefined };
    return { scenario: sub, callIds: fakeTurnCallIds(sub, protocol), attempts: new Map() };
  });
  const requests: CapturedRequest[] = [];
  const violations: FakeViolation[] = [];
  let seq = 0;
  let mainSeen = false;

  const capture = async (request: Request, kind: CapturedRequest["kind"]): Promise<CapturedRequest> => {
    const rawBody = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const captured: CapturedRequest = {
      seq: ++seq,
      kind,
      method: request.method,
      url: request.url,
      path: url.pathname,
      headers,
      rawBody,
      body: undefined,
      turn: null,
      attempt: null,
      status: 0,
      violation: null,
    };
    requests.push(captured);
    if (options.maxCaptured !== undefined && requests.length > options.maxCaptured) requests.splice(0, requests.length - options.maxCaptured);
    return captured;
  };

  const finish = (captured: CapturedRequest, reply: FakeReply, request: Request): Promise<Response> => {
    captured.status = fakeReplyStatus(reply);
    options.onCapture?.(captured);
    return renderFakeReply(reply, request);
  };

  const answer = async (request: Request): Promise<Response> => {
    const captured = await capture(request, "provider");
    const checked = await check(request, captured);
    if (checked instanceof Response) return checked;
    const { body, url } = checked;
    return answerChecked(request, captured, body, url);
  };

  /** Parses and validates a request body (schema, anthropic betas, count_tokens keys): the body and URL, or the violation's answer. */
  const check = async (request: Request, captured: CapturedRequest): Promise<{ body: unknown; url: URL } | Response> => {
    const url = new URL(request.url);
    const violate = (issues: ValidationIssue[]): Promise<Response> => {
      const first = issues[0];
      const message = first ? `${first.pointer || "/"}: expected ${first.expected}, found ${first.found}` : "invalid request body";
      const violation: FakeViolation = { seq: captured.seq, method: captured.method, path: captured.path, schema, issues, message };
      captured.violation = violation;
      violations.push(violation);
      return finish(captured, providerErrorReply(protocol, "invalid-request", `Invalid request body (${schema}): ${message}`), request);
    };
    let body: unknown;
    try {
      body = JSON.parse(captured.rawBody);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return violate([{ code: "json", pointer: "", schemaPath: "", params: {}, expected: "a JSON body", found: `text that is not JSON (${reason})` }]);
    }
    captured.body = body;
    if (!(validate as Validator)(body)) {
      const explain = await loadAllErrorsValidator(schema);
      explain(body);
      return violate(deepestFirst(focusIssues(toValidationIssues(explain.errors ?? validate.errors ?? [], body), body)));
    }
    if (protocol === "anthropic-messages") {
      const betaIssues = anthropicBetaIssues(body, request.headers.get("anthropic-beta") ?? undefined);
      if (betaIssues.length > 0) return violate(betaIssues);
    }
    if (captured.kind === "count-tokens") {
      const extra = countTokensExtraKeys(body, url.searchParams.get("beta") === "true");
      const issue = (pointer: string, expected: string, found: string): ValidationIssue => ({ code: "count-tokens", pointer, schemaPath: "", params: {}, expected, found });
      if (extra.length > 0) return violate(extra.map((key) => issue(`/${key}`, "no other properties (count_tokens takes CountMessageTokensParams)", `property "${key}"`)));
      if (typeof (body as Record<string, unknown>).model !== "string") return violate([issue("/model", "a model id (required by count_tokens)", "nothing")]);
    }
    return { body, url };
  };

  const countTokens = async (request: Request): Promise<Response> => {
    const captured = await capture(request, "count-tokens");
    const checked = await check(request, captured);
    if (checked instanceof Response) return checked;
    const reply: FakeReply = { type: "json", status: 200, headers: {}, body: { input_tokens: fakeInputTokens(captured.rawBody, scenario.countTokens) } };
    return finish(captured, reply, request);
  };

  /** Answers a valid model request with the scripted turn its history selects. */
  const answerChecked = (request: Request, captured: CapturedRequest, body: unknown, url: URL): Promise<Response> => {
    const facts = readFakeRequestFacts(protocol, body, url);
    const mode: FakeReplyMode = !facts.stream ? "json" : protocol === "google-gemini" && url.searchParams.get("alt") !== "sse" ? "json-array" : "sse";
    const context = { model: facts.model, includeUsage: facts.includeUsage, pieceSize: options.pieceSize ?? DEFAULT_PIECE_SIZE };
    // Once the main session has shown itself (its user messages hold the scenario's prompt), a
    // request whose user messages do not hold it comes from a subagent: it never replays the main script.
    const holdsPrompt = facts.userText.includes(scenario.prompt);
    if (holdsPrompt) mainSeen = true;
    const fromSubagent = mainSeen && !holdsPrompt;
    const script = fromSubagent
      ? findSubagentScript(
          subagents.map((sub) => ({ prompt: sub.scenario.prompt, sub })),
          facts.userText,
        )?.sub
      : main;
    captured.subagent = fromSubagent;
    if (script === undefined) {
      const unscripted: FakeTurn = { index: -1, text: UNSCRIPTED_SUBAGENT_TEXT, calls: [], fault: null };
      return finish(captured, planFakeReply(protocol, unscripted, mode, context, 1), request);
    }
    const index = selectFakeTurn(script.callIds, facts, protocol === "google-gemini");
    const attempt = (script.attempts.get(index) ?? 0) + 1;
    script.attempts.set(index, attempt);
    captured.turn = index;
    captured.attempt = attempt;
    const placeholders: Record<string, string> = { origin: url.origin };
    if (options.workspace !== undefined) placeholders.workspace = options.workspace;
    const results = resultTextLookup(script.callIds, fakeResultTexts(protocol, [body], script.callIds.flat()));
    const turn = fakeTurnAt(script.scenario, index, protocol, profile, placeholders, results);
    return finish(captured, planFakeReply(protocol, turn, mode, context, attempt), request);
  };

  const pageHandlers = Object.entries(scenario.pages ?? {}).map(([path, page]) => {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const bytes = scenarioContentBytes(page.body);
    return http.get(new RegExp(`^https?://[^/]+${escaped}(\\?.*)?$`), async ({ request }) => {
      const captured = await capture(request, "page");
      captured.status = page.status ?? 200;
      options.onCapture?.(captured);
      return new Response(bytes, { status: captured.status, headers: { "content-type": page.contentType ?? "text/html; charset=utf-8" } });
    });
  });
  const endpointHandlers = ENDPOINTS[protocol].map((pattern) => http.post(pattern, ({ request }) => answer(request)));
  if (protocol === "anthropic-messages") endpointHandlers.push(http.post("*/messages/count_tokens", ({ request }) => countTokens(request)));

  return {
    protocol,
    scenario,
    profile,
    handlers: [...pageHandlers, ...endpointHandlers],
    requests,
    violations,
    async recordUnhandled(request) {
      const captured = await capture(request, "unhandled");
      captured.status = 404;
      options.onCapture?.(captured);
      return captured;
    },
    reset() {
      requests.length = 0;
      violations.length = 0;
      for (const script of [main, ...subagents]) script.attempts.clear();
      seq = 0;
      mainSeen = false;
    },
  };
}

/**
 * Orders issues so the first names the deepest offending value: for a block matching no branch of
 * an anyOf, the branch its `type` aimed at fails deeper than the alternatives (string vs array).
 */
function deepestFirst(issues: ValidationIssue[]): ValidationIssue[] {
  const depth = (issue: ValidationIssue) => (issue.code === "anyOf" || issue.code === "oneOf" ? -1 : issue.pointer.split("/").length);
  return [...issues].sort((a, b) => depth(b) - depth(a));
}

/** One script the fake plays: the main scenario's, or a subagent's, each with its own attempt counts. */
interface FakeScript {
  scenario: Scenario;
  callIds: string[][];
  attempts: Map<number, number>;
}

/** A subagent's turns with call ids of its own (`sub<N>_<id>`), so its results never read as the main script's. */
function subagentTurns(turns: readonly ScenarioTurn[], ordinal: number, protocol: FakeProtocol): Scenario["turns"] {
  return turns.map((turn, turnIndex) =>
    turn.calls === undefined ? turn : { ...turn, calls: turn.calls.map((call, callIndex) => ({ ...call, id: call.id ?? `sub${ordinal}_${fakeCallId(protocol, turnIndex, callIndex)}` })) },
  ) as Scenario["turns"];
}
