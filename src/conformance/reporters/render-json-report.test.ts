import { describe, expect, it } from "vitest";
import type { CaseOutcome } from "../case-outcome.js";
import { renderJsonCaseLine } from "./render-json-report.js";

const base: CaseOutcome = {
  id: "s/openai-responses/call_1_1",
  profile: "codex-cli",
  stage: "gate",
  area: "exec_command",
  protocols: ["openai-responses"],
  tags: [],
  spec: "",
  level: "gate",
  status: "pass",
  differences: [],
  golden: "none",
  durationMs: 1,
};

describe("renderJsonCaseLine", () => {
  it("keeps what the agent sent for an unsupported call, which has no differences to carry it (unseen codex batch 2)", () => {
    const line = JSON.parse(renderJsonCaseLine({ ...base, status: "unsupported", message: "the profile does not model this result: tty", actual: { result: { output: "hi\r\n" }, after: [] } }));
    expect(line.actual).toEqual({ result: { output: "hi\r\n" }, after: [] });
  });
  it("names the call a difference may follow from", () => {
    const line = JSON.parse(renderJsonCaseLine({ ...base, status: "fail", consequenceOf: "call_1_2", differences: [{ pointer: "/result", expected: "a", actual: "b" }], actual: "b" }));
    expect(line.consequenceOf).toBe("call_1_2");
    // a fail's actual text is in its differences already
    expect(line.actual).toBeUndefined();
  });
  it("a gate pass keeps what the agent sent (unseen gemini batch 2: a pass showed no text); a check case does not", () => {
    expect(JSON.parse(renderJsonCaseLine({ ...base, actual: "x" })).actual).toBe("x");
    expect(JSON.parse(renderJsonCaseLine({ ...base, stage: "format", actual: "x" })).actual).toBeUndefined();
  });
});
