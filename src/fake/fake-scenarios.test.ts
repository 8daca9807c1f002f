import { readdirSync } from "node:fs";
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loadScenario } from "../scenario/load-scenario.js";
import { createFakeProvider } from "./create-fake-provider.js";
import { type FakeProtocol, fakeProtocols } from "./fake-protocol.js";

const root = new URL("../../fixtures/scenarios/", import.meta.url).pathname;
const files = readdirSync(root).filter((name) => name.endsWith(".yaml"));

const firstRequest = (protocol: FakeProtocol, stream: boolean): Request => {
  const origin = "http://127.0.0.1:4999";
  const post = (path: string, body: unknown) => new Request(origin + path, { method: "POST", body: JSON.stringify(body) });
  switch (protocol) {
    case "openai-chat":
      return post("/v1/chat/completions", { model: "gpt-test", stream, messages: [{ role: "user", content: "go" }] });
    case "anthropic-messages":
      return post("/v1/messages", { model: "claude-test", max_tokens: 64, stream, messages: [{ role: "user", content: "go" }] });
    case "google-gemini":
      return post(`/v1beta/models/gemini-2.5-flash:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`, { contents: [{ role: "user", parts: [{ text: "go" }] }] });
    case "openai-responses":
      return post("/v1/responses", { model: "gpt-test", stream, input: [{ role: "user", content: "go" }] });
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
};

describe("every scenario's first turn, on every protocol, streaming and not", () => {
  for (const file of files) {
    it(`${file}: answers 200 (or its injected fault) with a well-formed body`, async () => {
      const scenario = await loadScenario(root + file);
      for (const protocol of fakeProtocols) {
        for (const stream of [false, true]) {
          const fake = await createFakeProvider({ protocol, scenario });
          const response = (await getResponse(fake.handlers, firstRequest(protocol, stream)))!;
          const text = await response.text();
          const fault = scenario.turns[0].fault?.kind;
          if (fault === "rate-limit" || fault === "server-error") {
            expect(response.status).toBe(fault === "rate-limit" ? 429 : 500);
            continue;
          }
          expect(response.status).toBe(200);
          if (!stream) JSON.parse(text);
          else for (const event of text.split(/\r?\n\r?\n/).filter(Boolean)) expect(event).toMatch(/^(event: [a-z_.]+\n)?data: /);
          expect(fake.violations).toEqual([]);
        }
      }
    });
  }
});
