import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Validator } from "../src/generated/validator.js";
import { lowerCore } from "../src/lower/lower-core.js";
import type { Protocol } from "../src/lower/lowering-result.js";
import { lowerCli } from "../src/lower/opencode-cli/lower-cli.js";
import { loadValidator } from "../src/schema/load-validator.js";

const protocols: Protocol[] = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];
const validators = new Map<Protocol, Validator>();
for (const protocol of protocols) validators.set(protocol, await loadValidator(`wire/${protocol}`));

const text = fc.string({ minLength: 1, maxLength: 20 });
const json = fc.jsonValue({ maxDepth: 2 });
const toolName = fc.constantFrom("bash", "read", "grep");

/** Call ids and result ids as they appear on the wire (Gemini pairs by order: names stand in for ids). */
function wirePairs(protocol: Protocol, body: any): { calls: string[]; results: string[] } {
  switch (protocol) {
    case "openai-chat":
      return {
        calls: body.messages.flatMap((m: any) => (m.role === "assistant" ? (m.tool_calls ?? []).map((c: any) => c.id) : [])),
        results: body.messages.filter((m: any) => m.role === "tool").map((m: any) => m.tool_call_id),
      };
    case "anthropic-messages": {
      const blocks = body.messages.flatMap((m: any) => m.content);
      return { calls: blocks.filter((b: any) => b.type === "tool_use").map((b: any) => b.id), results: blocks.filter((b: any) => b.type === "tool_result").map((b: any) => b.tool_use_id) };
    }
    case "google-gemini": {
      const parts = body.contents.flatMap((c: any) => c.parts);
      return { calls: parts.filter((p: any) => p.functionCall).map((p: any) => p.functionCall.name), results: parts.filter((p: any) => p.functionResponse).map((p: any) => p.functionResponse.name) };
    }
    case "openai-responses":
      return {
        calls: body.input.filter((i: any) => i.type === "function_call").map((i: any) => i.call_id),
        results: body.input.filter((i: any) => i.type === "function_call_output").map((i: any) => i.call_id),
      };
  }
}

function checkBody(protocol: Protocol, body: unknown, expectedCalls: number): void {
  const validate = validators.get(protocol)!;
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  const { calls, results } = wirePairs(protocol, body);
  expect(calls.length).toBe(expectedCalls);
  expect([...results].sort()).toEqual([...calls].sort());
}

/** Steps of parallel calls: [name, output] per call; ids are unique by construction. */
const steps = <T>(output: fc.Arbitrary<T>) => fc.array(fc.array(fc.tuple(toolName, output), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });

describe("lowering properties", () => {
  const coreResult = fc.oneof(
    fc.record({ type: fc.constant("text"), value: text }),
    fc.record({ type: fc.constant("json"), value: json }),
    fc.record({
      type: fc.constant("error"),
      value: fc.oneof(text, fc.record({ error: fc.record({ type: fc.constant("unknown"), message: text }), content: fc.constant([]), structured: fc.constant({}) })),
    }),
    fc.record({ type: fc.constant("content"), value: fc.array(fc.record({ type: fc.constant("text"), text }), { maxLength: 3 }) }),
  );
  for (const protocol of protocols) {
    it(`opencode-core ${protocol}: every body validates, each call has one result, lowering is deterministic`, () => {
      fc.assert(
        fc.property(fc.boolean(), steps(coreResult), (withSystem, history) => {
          let id = 0;
          const messages: unknown[] = withSystem
            ? [
                { role: "system", content: "sys" },
                { role: "user", content: [{ type: "text", text: "go" }] },
              ]
            : [];
          for (const step of history) {
            const ids = step.map(() => `call_${id++}`);
            messages.push({ role: "assistant", content: step.map(([name], index) => ({ type: "tool-call", id: ids[index], name, input: {} })) });
            step.forEach(([name, result], index) => messages.push({ role: "tool", content: [{ type: "tool-result", id: ids[index], name, result }] }));
          }
          const first = lowerCore({ protocol, messages: messages as never });
          checkBody(protocol, first.body, id);
          expect(JSON.stringify(lowerCore({ protocol, messages: messages as never }))).toBe(JSON.stringify(first));
        }),
        { numRuns: 1000 },
      );
    });
  }

  const state = fc.oneof(
    fc.record({
      status: fc.constant("completed"),
      input: fc.constant({}),
      output: fc.string({ maxLength: 20 }),
      title: fc.constant("t"),
      metadata: fc.constant({}),
      time: fc.oneof(fc.constant({ start: 1, end: 2 }), fc.constant({ start: 1, end: 2, compacted: 3 })),
    }),
    fc.record({ status: fc.constant("error"), input: fc.constant({}), error: text, time: fc.constant({ start: 1, end: 2 }) }),
    fc.record({ status: fc.constantFrom("pending", "running"), input: fc.constant({}) }),
  );
  for (const protocol of protocols) {
    it(`opencode-cli ${protocol} from history: every body validates, each call has one result, lowering is deterministic`, () => {
      fc.assert(
        fc.property(fc.constantFrom(undefined, "claude-sonnet-4-5", "gemini-3-pro", "mistral-large"), steps(state), (model, history) => {
          let id = 0;
          // Anthropic ids must match ^[a-zA-Z0-9_-]+$; only Claude models get theirs rewritten (§4.1 step 4).
          const prefix = model?.includes("claude") ? "call." : "call_";
          const parts: unknown[] = [];
          for (const step of history) {
            parts.push({ type: "step-start" });
            for (const [tool, toolState] of step) parts.push({ type: "tool", tool, callID: `${prefix}${id++}`, state: toolState });
          }
          const messages = [
            { role: "user", parts: [{ type: "text", text: "go" }] },
            { role: "assistant", parts },
          ];
          const first = lowerCli({ protocol, messages, model });
          checkBody(protocol, first.body, id);
          expect(JSON.stringify(lowerCli({ protocol, messages, model }))).toBe(JSON.stringify(first));
        }),
        { numRuns: 1000 },
      );
    });
  }

  const output = fc.oneof(
    fc.record({ type: fc.constantFrom("text", "error-text"), value: fc.string({ maxLength: 20 }) }),
    fc.record({ type: fc.constantFrom("json", "error-json"), value: json }),
    fc.record({ type: fc.constant("execution-denied") }),
    fc.record({ type: fc.constant("content"), value: fc.tuple(fc.record({ type: fc.constant("text"), text })) }),
  );
  for (const protocol of protocols) {
    it(`opencode-cli ${protocol} from sdk-messages: every body validates, each call has one result, lowering is deterministic`, () => {
      fc.assert(
        fc.property(fc.boolean(), steps(output), (splitToolMessages, history) => {
          let id = 0;
          const messages: unknown[] = [
            { role: "system", content: "sys" },
            { role: "user", content: "go" },
          ];
          for (const step of history) {
            const ids = step.map(() => `call_${id++}`);
            messages.push({ role: "assistant", content: step.map(([toolName], index) => ({ type: "tool-call", toolCallId: ids[index], toolName, input: {} })) });
            const results = step.map(([toolName, result], index) => ({ type: "tool-result", toolCallId: ids[index], toolName, output: result }));
            if (splitToolMessages) for (const result of results) messages.push({ role: "tool", content: [result] });
            else messages.push({ role: "tool", content: results });
          }
          const first = lowerCli({ protocol, messages, from: "sdk-messages" });
          checkBody(protocol, first.body, id);
          expect(JSON.stringify(lowerCli({ protocol, messages, from: "sdk-messages" }))).toBe(JSON.stringify(first));
        }),
        { numRuns: 1000 },
      );
    });
  }
});
