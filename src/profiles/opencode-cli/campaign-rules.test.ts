import { describe, expect, it } from "vitest";
import { opencodeCli } from "./opencode-cli-profile.js";

// What the 1.18.33 v1 runtime sent in the differential campaign (seed 424242, openai-chat).
describe("v1 rules from the differential campaign (spec §2.0 step 1, §2.10)", () => {
  const format = (tool: string, input: unknown, observation: Record<string, unknown> = {}) => opencodeCli.format({ tool, input, observation, options: { model: "m" } }, { write: () => "/o/tool_x" });
  it("bash timeout must be an integer: 1.5 is `Expected an integer, got 1.5` before the > 0 check", () => {
    expect(format("bash", { command: "echo timed", timeout: 1.5 }, { output: "timed\n", exitCode: 0 })).toEqual({
      status: "error",
      error: 'The bash tool was called with invalid arguments: SchemaError(Expected an integer, got 1.5\n  at ["timeout"]).\nPlease rewrite the input so it satisfies the expected schema.',
    });
  });
  it("todowrite prints the decoded todos: content, status, priority in that order, whatever order the model used", () => {
    const result = format("todowrite", { todos: [{ priority: "low", content: "reordered", status: "pending" }] }) as { output: string };
    expect(result.output).toBe('[\n  {\n    "content": "reordered",\n    "status": "pending",\n    "priority": "low"\n  }\n]');
  });
});
