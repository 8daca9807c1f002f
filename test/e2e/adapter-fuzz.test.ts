import { spawn } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadValidator } from "../../src/schema/load-validator.js";
import { cliPath } from "./run-cli.js";

const noNewline = (text: string) => text.replace(/[\n\r]/g, " ");

/** Requests a careless or hostile client might send (issue 6 Done-when 3). */
const fuzzedLine = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 200 }).map(noNewline), // malformed lines
    fc.constantFrom("{", "[]", "null", "42", '"hello"', "{}", '{"id":1}', '{"op":"hello"}', '{"id":{},"op":"hello"}'),
    fc
      .record({
        id: fc.oneof(fc.integer(), fc.string().map(noNewline), fc.constant(null), fc.boolean()),
        op: fc.oneof(fc.constantFrom("hello", "format", "truncate", "lower", "nope", ""), fc.string().map(noNewline)),
      })
      .map((request) => JSON.stringify(request)),
    fc
      .record(
        {
          id: fc.nat(),
          op: fc.constant("format"),
          profile: fc.oneof(fc.constantFrom("opencode-core", "opencode-cli", "nope"), fc.integer()),
          tool: fc.oneof(fc.constantFrom("bash", "read", "zzz"), fc.integer(), fc.constant(null)),
          input: fc.jsonValue(),
          observation: fc.oneof(fc.jsonValue(), fc.record({ output: fc.string(), exitCode: fc.oneof(fc.integer(), fc.string()) })),
        },
        { requiredKeys: ["id", "op"] },
      )
      .map((request) => JSON.stringify(request)),
    fc
      .record({ id: fc.nat(), op: fc.constant("truncate"), profile: fc.constantFrom("opencode-cli", "opencode-core"), text: fc.oneof(fc.string(), fc.integer()), options: fc.jsonValue() })
      .map((request) => JSON.stringify(request)),
    fc.nat({ max: 3 }).map((n) => JSON.stringify({ id: n, op: "truncate", profile: "opencode-cli", text: "x".repeat(200_000 * (n + 1)) })), // huge strings
  )
  .filter((line) => line.trim() !== "");

function serve(lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, "adapter"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (out += text));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out.split("\n").filter(Boolean)) : reject(new Error(`adapter exited ${code}`))));
    child.stdin.end(lines.join("\n") + "\n");
  });
}

describe("correx adapter under fuzzed requests (issue 6 Done-when 3)", () => {
  it("answers 1,000 fuzzed requests with well-formed responses and keeps serving", async () => {
    const lines = fc.sample(fuzzedLine, { numRuns: 1000, seed: 20261130 });
    lines.push(JSON.stringify({ id: "last", op: "hello" }));
    const responses = await serve(lines);
    expect(responses).toHaveLength(lines.length);
    const validate = await loadValidator("adapter/response");
    for (const [index, text] of responses.entries()) {
      const response = JSON.parse(text) as { ok: boolean; id?: unknown; error?: { code: string } };
      expect(validate(response), `response ${index} to ${lines[index].slice(0, 80)}: ${text.slice(0, 200)}`).toBe(true);
      if (!response.ok) expect(["invalid-request", "unsupported"]).toContain(response.error!.code);
    }
    expect(JSON.parse(responses.at(-1)!)).toMatchObject({ id: "last", ok: true, result: { protocolVersion: 1 } });
    const failures = responses.map((text) => JSON.parse(text) as { ok: boolean; error?: { code: string } }).filter((response) => !response.ok);
    expect(failures.filter((response) => response.error!.code === "internal")).toEqual([]);
  }, 60_000);

  it("names the problem: malformed JSON, unknown op, schema failure, unknown profile", async () => {
    const responses = await serve([
      "not json",
      '{"id":1,"op":"frobnicate"}',
      '{"id":2,"op":"format","profile":"opencode-cli"}',
      '{"id":3,"op":"format","profile":"nope","tool":"bash","input":{},"observation":{}}',
    ]);
    expect(responses.map((text) => JSON.parse(text))).toEqual([
      { id: null, ok: false, error: { code: "invalid-request", message: expect.stringMatching(/^malformed JSON: /) } },
      { id: 1, ok: false, error: { code: "invalid-request", message: 'unknown op "frobnicate"; known: hello, format, truncate, lower, bye' } },
      { id: 2, ok: false, error: { code: "invalid-request", message: '/tool: expected required property "tool", found nothing' } },
      { id: 3, ok: false, error: { code: "invalid-request", message: 'unknown profile "nope"; known: opencode-core, opencode-cli, codex-cli, gemini-cli, claude-code' } },
    ]);
  });
});
