import { describe, expect, it } from "vitest";
import { loadValidator } from "../../schema/load-validator.js";
import { lowerClaudeTurn } from "./lower-claude-code.js";

describe("lowerClaudeTurn (docs/spec/claude-code-2.1.332.md §2)", () => {
  it("§2.1, §2.2: success blocks keyed tool_use_id, type, content (is_error only when false is sent), failures keyed type, content, is_error, tool_use_id; the cache breakpoint on the last", async () => {
    const body = lowerClaudeTurn("Do the task.", [
      { id: "toolu_1_1", tool: "Bash", input: { command: "echo one" }, result: { content: "one", is_error: false } },
      { id: "toolu_1_2", tool: "Read", input: { file_path: "/ws/a.txt" }, result: { content: "1\talpha\n2\t" } },
      { id: "toolu_1_3", tool: "Bash", input: { command: "exit 1" }, result: { content: "Exit code 1", is_error: true } },
    ]);
    // The bytes of request 2 of claude-parallel in docs/spec/captures/claude-code-2.1.332.jsonl, per block.
    expect(JSON.stringify(body.messages[2])).toBe(
      '{"role":"user","content":[' +
        '{"tool_use_id":"toolu_1_1","type":"tool_result","content":"one","is_error":false},' +
        '{"tool_use_id":"toolu_1_2","type":"tool_result","content":"1\\talpha\\n2\\t"},' +
        '{"type":"tool_result","content":"Exit code 1","is_error":true,"tool_use_id":"toolu_1_3","cache_control":{"type":"ephemeral"}}]}',
    );
    const validate = await loadValidator("wire/anthropic-messages");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("lowerClaudeTurn notes (§2.3, §4.6)", () => {
  it("sends a result's notes as system turns after the results, the cache breakpoint moving to the last note", async () => {
    const body = lowerClaudeTurn("Do the task.", [{ id: "toolu_2_1", tool: "Read", input: { file_path: "/ws/s.txt" }, result: { content: "1\tx", notes: ["[Truncated: PARTIAL view]"] } }]);
    expect(JSON.stringify(body.messages.slice(2))).toBe(
      '[{"role":"user","content":[{"tool_use_id":"toolu_2_1","type":"tool_result","content":"1\\tx"}]},' +
        '{"role":"system","content":[{"type":"text","text":"[Truncated: PARTIAL view]","cache_control":{"type":"ephemeral"}}]}]',
    );
    const validate = await loadValidator("wire/anthropic-messages");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it("joins the truncation notices of several Reads into one system turn, in placement order (observed: batch 6 judge's probe)", () => {
    const read = (id: string, notice: string) => ({ id, tool: "Read", input: { file_path: `/ws/${id}` }, result: { content: "1\tx", notes: [notice] } });
    const body = lowerClaudeTurn("Do the task.", [read("toolu_3_2", "[Truncated: PARTIAL view — /ws/data.json: …]"), read("toolu_3_1", "[Truncated: PARTIAL view — /ws/big.txt: …]")]);
    expect(body.messages.slice(3)).toEqual([
      { role: "system", content: [{ type: "text", text: "[Truncated: PARTIAL view — /ws/data.json: …]\n\n[Truncated: PARTIAL view — /ws/big.txt: …]", cache_control: { type: "ephemeral" } }] },
    ]);
  });

  it("leaves notes of several calls of other kinds unsupported", () => {
    const bash = (id: string) => ({ id, tool: "Bash", input: { command: "cd sub" }, result: { content: "", is_error: false, notes: ["# Environment update\n…"] } });
    expect(() => lowerClaudeTurn("Do the task.", [bash("toolu_4_1"), bash("toolu_4_2")])).toThrow(/not pinned/);
  });
});
