import { describe, expect, it } from "vitest";
import "correx/vitest";

// opencode-cli's bash result for `ls missing; echo ok` (spec §2.1: stdout and stderr arrive
// merged and are kept as is; the title is the command; metadata says whether it was truncated).
const call = {
  profile: "opencode-cli",
  tool: "bash",
  input: { command: "ls missing; echo ok" },
  observation: { output: "ls: cannot access 'missing': No such file or directory\nok\n", exitCode: 0 },
};
const result = {
  status: "completed",
  title: "ls missing; echo ok",
  output: "ls: cannot access 'missing': No such file or directory\nok\n",
  metadata: { truncated: false },
};

describe("correx/vitest", () => {
  it("toConformTo: my bash result is what opencode-cli's model sees", () => {
    expect(result).toConformTo(call);
  });

  it("toConformTo fails with correx's visible-whitespace diff", () => {
    const mine = { ...result, output: result.output.trimEnd() };
    expect(mine).not.toConformTo(call);
    expect(() => expect(mine).toConformTo(call)).toThrowError("⊘ received has no newline at end (reference has one)");
  });

  it("toBeValidWire: a Chat Completions tool message, as an object or as JSON text", () => {
    const body = { messages: [{ role: "tool", tool_call_id: "call_1", content: "only part" }] };
    expect(body).toBeValidWire("openai-chat");
    expect(JSON.stringify(body)).toBeValidWire("openai-chat");
    expect({ messages: [{ role: "tool", content: "no call id" }] }).not.toBeValidWire("openai-chat");
  });

  it("toMatchGolden: the value equals golden/bash-merged.yaml", () => {
    expect(result).toMatchGolden("../golden/bash-merged.yaml");
  });
});
