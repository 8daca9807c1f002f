import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { getResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/scenario.js";
import { createFakeProvider } from "./create-fake-provider.js";
import { fakeListenOptions } from "./fake-listen-options.js";

const origin = "http://127.0.0.1:4010";
const twoTurns: Scenario = {
  name: "two-turns",
  spec: "§2.2",
  prompt: "Read a.txt then run echo.",
  turns: [
    { calls: [{ tool: "read", input: { filePath: "a.txt" } }] },
    {
      calls: [
        { tool: "bash", input: { command: "echo hi" } },
        { tool: "webfetch", input: { url: "{{origin}}/pages/p.html" } },
      ],
    },
    { text: "Done." },
  ],
  pages: { "/pages/p.html": { contentType: "text/html", body: "<p>hi</p>" } },
};

const post = (path: string, body: unknown, signal?: AbortSignal) =>
  new Request(origin + path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body), signal });

const chatRequest = (messages: unknown[], extra: Record<string, unknown> = {}) => post("/v1/chat/completions", { model: "gpt-test", messages, ...extra });
const user = { role: "user", content: "go" };
const assistantCall = (id: string, name: string) => ({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name, arguments: "{}" } }] });
const toolResult = (id: string) => ({ role: "tool", tool_call_id: id, content: "result" });

describe("createFakeProvider: request validation", () => {
  it("answers a valid request with the scripted turn and captures it", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: twoTurns });
    const response = await getResponse(fake.handlers, chatRequest([user]));
    const body = (await response!.json()) as { choices: { message: { tool_calls: unknown } }[] };
    expect(response!.status).toBe(200);
    expect(JSON.stringify(body.choices[0].message.tool_calls)).toBe('[{"id":"call_1_1","type":"function","function":{"name":"read","arguments":"{\\"filePath\\":\\"a.txt\\"}"}}]');
    expect(fake.requests.map((request) => [request.seq, request.kind, request.method, request.path, request.turn, request.attempt, request.status])).toEqual([
      [1, "provider", "POST", "/v1/chat/completions", 0, 1, 200],
    ]);
    expect(fake.requests[0].rawBody).toBe('{"model":"gpt-test","messages":[{"role":"user","content":"go"}]}');
    expect(fake.requests[0].headers["content-type"]).toBe("application/json");
    expect(fake.violations).toEqual([]);
  });

  const invalid: [string, string, unknown, string][] = [
    [
      "openai-chat",
      "/v1/chat/completions",
      { model: "m", messages: [{ role: "tool", content: "x" }] },
      '{"error":{"message":"Invalid request body (wire/openai-chat): /messages/0/tool_call_id: expected required property \\"tool_call_id\\", found nothing","type":"invalid_request_error","param":null,"code":null}}',
    ],
    [
      "anthropic-messages",
      "/v1/messages",
      { model: "m", max_tokens: 1, messages: [{ role: "user", content: [{ type: "tool_result" }] }] },
      '{"type":"error","error":{"type":"invalid_request_error","message":"Invalid request body (wire/anthropic-messages): /messages/0/content/0/tool_use_id: expected required property \\"tool_use_id\\", found nothing"}}',
    ],
    [
      "google-gemini",
      "/v1beta/models/gemini-2.5-flash:generateContent",
      { contents: [{ role: "tool", parts: [{ text: "x" }] }] },
      '{"error":{"code":400,"message":"Invalid request body (wire/google-gemini): /contents/0/role: expected one of \\"user\\", \\"model\\", found \\"tool\\"","status":"INVALID_ARGUMENT"}}',
    ],
    ["openai-responses", "/v1/responses", { model: "m", input: [{ type: "function_call_output", output: "x" }] }, ""],
  ];
  for (const [protocol, path, body, expected] of invalid) {
    it(`${protocol}: an invalid body gets 400 in the provider's error shape and is recorded as a violation`, async () => {
      const fake = await createFakeProvider({ protocol: protocol as "openai-chat" });
      const response = await getResponse(fake.handlers, post(path, body));
      expect(response!.status).toBe(400);
      const text = await response!.text();
      if (expected) expect(text).toBe(expected);
      else expect(Object.keys((JSON.parse(text) as { error: object }).error)).toEqual(["message", "type", "param", "code"]);
      expect(fake.violations.map((violation) => [violation.seq, violation.schema])).toEqual([[1, `wire/${protocol}`]]);
      expect(fake.requests[0].violation).toBe(fake.violations[0]);
      expect(fake.requests[0].turn).toBe(null);
    });
  }

  it("answers a body that is not JSON with 400 and records a json violation", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages" });
    const response = await getResponse(fake.handlers, post("/v1/messages", "{not json"));
    expect(response!.status).toBe(400);
    expect(((await response!.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    expect(fake.violations[0].issues[0].code).toBe("json");
    expect(fake.requests[0].rawBody).toBe("{not json");
  });
});

describe("createFakeProvider: turn selection by history", () => {
  it("selects the turn after the last one whose call ids have results, and repeats it for a retry", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: twoTurns });
    const ask = async (messages: unknown[]) => {
      const response = await getResponse(fake.handlers, chatRequest(messages));
      return (await response!.json()) as { choices: { finish_reason: string; message: { content: string | null } }[] };
    };
    await ask([user]);
    await ask([user]);
    const second = [user, assistantCall("call_1_1", "read"), toolResult("call_1_1")];
    await ask(second);
    await ask(second);
    const final = await ask([...second, assistantCall("call_2_1", "bash"), toolResult("call_2_1"), toolResult("call_2_2")]);
    expect(final.choices[0].message.content).toBe("Done.");
    expect(fake.requests.map((request) => [request.turn, request.attempt])).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });

  it("selects by the newest results when earlier ones are not resent (openai-responses previous_response_id)", async () => {
    const fake = await createFakeProvider({ protocol: "openai-responses", scenario: twoTurns });
    await getResponse(fake.handlers, post("/v1/responses", { model: "m", previous_response_id: "resp_correx_2", input: [{ type: "function_call_output", call_id: "call_2_2", output: "x" }] }));
    expect(fake.requests[0].turn).toBe(2);
  });

  it("google-gemini: selects by the count of functionResponse parts (no ids on the wire)", async () => {
    const fake = await createFakeProvider({ protocol: "google-gemini", scenario: twoTurns });
    const response = (name: string) => ({ functionResponse: { name, response: { name, content: "x" } } });
    const contents = [
      { role: "user", parts: [{ text: "go" }] },
      { role: "model", parts: [{ functionCall: { name: "read", args: {} } }] },
      { role: "user", parts: [response("read")] },
      { role: "model", parts: [{ functionCall: { name: "bash", args: {} } }, { functionCall: { name: "webfetch", args: {} } }] },
      { role: "user", parts: [response("bash")] },
    ];
    for (const length of [1, 3, 5]) await getResponse(fake.handlers, post("/v1beta/models/gemini-2.5-flash:generateContent", { contents: contents.slice(0, length) }));
    await getResponse(fake.handlers, post("/v1beta/models/gemini-2.5-flash:generateContent", { contents: [...contents, { role: "user", parts: [response("webfetch")] }] }));
    expect(fake.requests.map((request) => request.turn)).toEqual([0, 1, 1, 2]);
  });

  it("renames filePath to path for opencode-core, replaces {{origin}} with the request's origin, and serves the scenario's pages", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages", scenario: twoTurns, profile: "opencode-core" });
    const first = (await (await getResponse(fake.handlers, post("/v1/messages", { model: "claude-test", max_tokens: 9, messages: [{ role: "user", content: "go" }] })))!.json()) as {
      content: { input: unknown }[];
    };
    expect(JSON.stringify(first.content[0].input)).toBe('{"path":"a.txt"}');
    const messages = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_1_1", name: "read", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1_1", content: "x" }] },
    ];
    const second = (await (await getResponse(fake.handlers, post("/v1/messages", { model: "claude-test", max_tokens: 9, messages })))!.json()) as { content: { input: unknown }[] };
    expect(JSON.stringify(second.content[1].input)).toBe(`{"url":"${origin}/pages/p.html"}`);
    const page = await getResponse(fake.handlers, new Request(`${origin}/pages/p.html`));
    expect([page!.status, page!.headers.get("content-type"), await page!.text()]).toEqual([200, "text/html", "<p>hi</p>"]);
    expect(fake.requests.at(-1)!.kind).toBe("page");
  });
});

/** A full garbage collection, from inside a test worker that was started without --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

describe("createFakeProvider: error injection", () => {
  const faulty = (kind: "rate-limit" | "server-error" | "malformed-stream" | "truncated-stream" | "hang", times = 1): Scenario => ({
    name: "faulty",
    spec: "§4.5",
    prompt: "p",
    turns: [{ fault: { kind, times, retryAfter: 2 }, calls: [{ tool: "bash", input: { command: "echo hi" } }] }, { text: "Done." }],
  });

  it("rate-limit: 429 with retry-after in the provider's shape, then the regular reply to the retry", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages", scenario: faulty("rate-limit") });
    const request = () => post("/v1/messages", { model: "c", max_tokens: 1, messages: [{ role: "user", content: "go" }] });
    const limited = await getResponse(fake.handlers, request());
    expect([limited!.status, limited!.headers.get("retry-after")]).toEqual([429, "2"]);
    expect(await limited!.text()).toBe('{"type":"error","error":{"type":"rate_limit_error","message":"Rate limit reached (correx fake, turn 1). Please try again in 2s."}}');
    expect((await getResponse(fake.handlers, request()))!.status).toBe(200);
  });

  it("server-error: 500 in the provider's shape, as many times as asked", async () => {
    const fake = await createFakeProvider({ protocol: "google-gemini", scenario: faulty("server-error", 2) });
    const request = () => post("/v1beta/models/g:generateContent", { contents: [{ role: "user", parts: [{ text: "go" }] }] });
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await getResponse(fake.handlers, request()))!.status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it("malformed-stream: the second event's data is cut to half its JSON, still framed", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: faulty("malformed-stream"), pieceSize: 100 });
    const regular = await createFakeProvider({
      protocol: "openai-chat",
      scenario: { ...faulty("malformed-stream"), turns: [{ calls: faulty("hang").turns[0].calls }, { text: "Done." }] },
      pieceSize: 100,
    });
    const events = (await (await getResponse(fake.handlers, chatRequest([user], { stream: true })))!.text()).split("\n\n");
    const expected = (await (await getResponse(regular.handlers, chatRequest([user], { stream: true })))!.text()).split("\n\n");
    const data = expected[1].slice("data: ".length);
    expect(events[1]).toBe("data: " + data.slice(0, Math.floor(data.length / 2)));
    expect(() => JSON.parse(events[1].slice("data: ".length))).toThrow();
    expect(events.filter((_, index) => index !== 1)).toEqual(expected.filter((_, index) => index !== 1));
  });

  it("truncated-stream: the stream stops in the middle of its middle event", async () => {
    const fake = await createFakeProvider({ protocol: "anthropic-messages", scenario: faulty("truncated-stream"), pieceSize: 100 });
    const text = await (await getResponse(fake.handlers, post("/v1/messages", { model: "c", max_tokens: 1, stream: true, messages: [{ role: "user", content: "go" }] })))!.text();
    expect(text.endsWith("\n\n")).toBe(false);
    expect(text).not.toContain("message_stop");
    expect(text.split("\n\n").length).toBe(5);
  });

  it("hang: no reply until the client aborts", async () => {
    // abort once the fake has chosen its reply (onCapture runs right before it renders it): a wait
    // on a clock could land before the fake read the body on a loaded machine
    let chosen!: () => void;
    const replyChosen = new Promise<void>((resolve) => (chosen = resolve));
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: faulty("hang"), onCapture: () => chosen() });
    const controller = new AbortController();
    const pending = getResponse(fake.handlers, post("/v1/chat/completions", { model: "m", messages: [user] }, controller.signal));
    let answered = false;
    void pending.then(() => (answered = true));
    await replyChosen;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.length).toBe(1);
    expect(answered).toBe(false);
    // a collection while the reply waits (as on CI's loaded machine, where this test once hung
    // 60 s): the Request must stay reachable, or its signal stops following the caller's abort
    collectGarbage();
    controller.abort();
    expect((await pending)!.type).toBe("error");
    expect(fake.requests[0].status).toBe(0);
  });
});

describe("createFakeProvider under msw/node setupServer (the in-process loop's host)", () => {
  let fake: Awaited<ReturnType<typeof createFakeProvider>>;
  const server = setupServer();
  beforeAll(async () => {
    fake = await createFakeProvider({ protocol: "openai-responses", scenario: twoTurns });
    server.use(...fake.handlers);
    server.listen(fakeListenOptions);
  });
  afterAll(() => server.close());

  it("answers real fetch calls to any base URL, streaming", async () => {
    const response = await fetch("https://fake.test/openai/v1/responses", {
      method: "POST",
      body: JSON.stringify({ model: "gpt-test", stream: true, input: [{ role: "user", content: "go" }] }),
    });
    const text = await response.text();
    expect(text.startsWith("event: response.created\n")).toBe(true);
    expect(text.endsWith('"sequence_number":7}\n\n')).toBe(true);
  });

  it("rejects a request no handler takes (onUnhandledRequest: error)", async () => {
    await expect(fetch("https://fake.test/v1/unknown", { method: "POST", body: "{}" })).rejects.toThrow();
  });
});
