import { describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/scenario.js";
import { fakeResultTexts, resultTextLookup } from "./fake-result-texts.js";
import { fakeTurnAt, fakeTurnCallIds } from "./fake-turn.js";

const scenario: Scenario = {
  name: "live",
  spec: "§2.5",
  prompt: "p",
  argumentStyle: "codex-cli",
  turns: [
    { calls: [{ tool: "exec_command", input: { cmd: "sleep 2" } }] },
    { calls: [{ tool: "write_stdin", input: { session_id: { $fromResult: { turn: 1, pattern: "session ID (\\d+)", as: "integer" } }, chars: "" } }] },
    { text: "Done." },
  ],
};

describe("fakeResultTexts", () => {
  it("reads each protocol's tool results by call id", () => {
    expect(fakeResultTexts("openai-responses", [{ input: [{ type: "function_call_output", call_id: "call_1_1", output: "session ID 12" }] }], [])).toEqual(new Map([["call_1_1", "session ID 12"]]));
    expect(
      fakeResultTexts(
        "openai-chat",
        [
          {
            messages: [
              {
                role: "tool",
                tool_call_id: "c",
                content: [
                  { type: "text", text: "a" },
                  { type: "text", text: "b" },
                ],
              },
            ],
          },
        ],
        [],
      ),
    ).toEqual(new Map([["c", "ab"]]));
    expect(fakeResultTexts("anthropic-messages", [{ messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "x" }] }] }], [])).toEqual(new Map([["t", "x"]]));
    expect(fakeResultTexts("google-gemini", [{ contents: [{ parts: [{ functionResponse: { name: "f", response: { output: "y" } } }] }] }], ["call_1_1"])).toEqual(
      new Map([["call_1_1", '{"output":"y"}']]),
    );
  });

  it("lets the fake send a value from an earlier result ($fromResult)", () => {
    const ids = fakeTurnCallIds(scenario, "openai-responses");
    const body = { input: [{ type: "function_call_output", call_id: "call_1_1", output: "Chunk ID: 0a0b0c\nProcess running with session ID 31337\nOutput:\n" }] };
    const turn = fakeTurnAt(scenario, 1, "openai-responses", "codex-cli", {}, resultTextLookup(ids, fakeResultTexts("openai-responses", [body], ids.flat())));
    expect(turn.calls[0]!.arguments).toBe('{"session_id":31337,"chars":""}');
    expect(fakeTurnAt(scenario, 1, "openai-responses", "codex-cli", {}).calls[0]!.arguments).toBe('{"session_id":null,"chars":""}');
  });
});
