import { describe, expect, it } from "vitest";
import { loadValidator } from "../../schema/load-validator.js";
import { lowerCodexTurn } from "./lower-codex-cli.js";

describe("lowerCodexTurn (codex-cli spec §1.2)", () => {
  const body = lowerCodexTurn("go", [
    { id: "call_1", tool: "exec_command", input: { cmd: "echo hi" }, result: { output: "Chunk ID: abc123" } },
    { id: "call_2", tool: "apply_patch", input: "*** Begin Patch\n*** End Patch", result: { output: "patch rejected: empty patch" } },
  ]);

  it("answers a function call with function_call_output and the freeform apply_patch with custom_tool_call_output, keys in the binary's order", () => {
    expect(body.input.slice(3)).toEqual([
      { type: "function_call_output", id: "fco_00000000-0000-7000-8000-000000000001", call_id: "call_1", output: "Chunk ID: abc123" },
      { type: "custom_tool_call_output", id: "ctco_00000000-0000-7000-8000-000000000002", call_id: "call_2", output: "patch rejected: empty patch" },
    ]);
    expect(Object.keys(body.input[3] as object)).toEqual(["type", "id", "call_id", "output"]);
  });

  it("answers apply_patch sent as a function call (JSON arguments) with a function_call_output (spec §6.3: `aborted`)", () => {
    const json = lowerCodexTurn("go", [{ id: "call_1", tool: "apply_patch", input: { input: "*** Begin Patch" }, result: { output: "aborted" } }]);
    expect(json.input.slice(1)).toEqual([
      { type: "function_call", name: "apply_patch", arguments: '{"input":"*** Begin Patch"}', call_id: "call_1" },
      { type: "function_call_output", id: "fco_00000000-0000-7000-8000-000000000001", call_id: "call_1", output: "aborted" },
    ]);
  });

  it("validates against schemas/wire/openai-responses.json", async () => {
    const validate = await loadValidator("wire/openai-responses");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});
