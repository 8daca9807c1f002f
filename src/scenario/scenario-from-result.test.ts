import { describe, expect, it } from "vitest";
import type { InputError } from "../input/input-error.js";
import { parseScenario } from "./parse-scenario.js";
import { scenarioCallInput } from "./scenario-call-input.js";
import { resolveFromResults } from "./scenario-from-result.js";

const reference = (extra: Record<string, unknown> = {}) => ({ $fromResult: { turn: 1, pattern: "session ID (\\d+)", as: "integer", ...extra } });

describe("$fromResult", () => {
  it("takes the first capture group of an earlier result, as a number or a string", () => {
    const results = (turn: number, call: number) => (turn === 0 && call === 0 ? "Chunk ID: ab12cd\nProcess running with session ID 4242\n" : undefined);
    expect(resolveFromResults({ session_id: reference(), chars: "" }, results)).toEqual({ session_id: 4242, chars: "" });
    expect(resolveFromResults([reference({ as: "string" })], results)).toEqual(["4242"]);
  });

  it("gives null when the result is absent or the pattern does not match", () => {
    expect(resolveFromResults(reference(), () => undefined)).toBeNull();
    expect(resolveFromResults(reference(), () => "Process exited with code 0")).toBeNull();
  });

  it("is resolved before placeholders, keeping key order", () => {
    const call = { tool: "write_stdin", input: { session_id: reference(), chars: "{{workspace}}" } };
    expect(JSON.stringify(scenarioCallInput(call, "codex-cli", "codex-cli", { workspace: "/w" }, () => "session ID 7"))).toBe('{"session_id":7,"chars":"/w"}');
  });
});

describe("parseScenario checks $fromResult references", () => {
  const scenario = (ref: unknown) =>
    `name: s\nspec: "§1"\nprompt: p\nturns:\n  - calls:\n      - {tool: exec_command, input: {cmd: "sleep 1"}}\n  - calls:\n      - {tool: write_stdin, input: {session_id: ${JSON.stringify(ref)}}}\n  - text: Done.\n`;

  it("accepts a reference to an earlier turn's call", async () => {
    await expect(parseScenario(scenario(reference()), "s.yaml")).resolves.toBeDefined();
  });

  it.each([
    [reference({ turn: 2 }), "$fromResult.turn must name an earlier turn (1…1), found 2"],
    [reference({ call: 2 }), "$fromResult.call must be a call of turn 1 (1…1), found 2"],
    [reference({ pattern: "no group" }), "$fromResult.pattern must hold a capture group (the value taken)"],
    [reference({ pattern: "(" }), "$fromResult.pattern is not a valid regular expression"],
    [reference({ as: "number" }), '$fromResult.as must be "string" or "integer", found "number"'],
    [reference({ from: 1 }), '$fromResult has an unknown key "from" (known: turn, call, pattern, as)'],
  ])("refuses %j with one line naming file, line and field", async (ref, message) => {
    const error = await parseScenario(scenario(ref), "s.yaml").catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("/turns/1/calls/0/input/session_id/$fromResult: ");
    expect((error as Error).message).toContain(message);
    expect((error as InputError).render()).toMatch(/^s\.yaml:8:\d+: /);
  });
});
