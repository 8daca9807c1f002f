import { describe, expect, it } from "vitest";
import type { CaseOutcome, CaseStatus } from "../conformance/case-outcome.js";
import { type JudgedCall, labelConsequences } from "./gate-consequences.js";

const call = (id: string, status: CaseStatus, mutated: boolean, effectsKnown = true): JudgedCall => ({
  id,
  mutated,
  effectsKnown,
  outcome: {
    id: `s/openai-chat/${id}`,
    profile: "opencode-cli",
    stage: "gate",
    area: "x",
    protocols: ["openai-chat"],
    tags: [],
    spec: "§2",
    level: "must",
    status,
    message: `m${id}`,
    differences: [],
    golden: "none",
    durationMs: 0,
  },
});
const summary = (outcomes: CaseOutcome[]) => outcomes.map((outcome) => [outcome.status, outcome.consequenceOf ?? null, outcome.message]);

describe("gate: later differences as consequences of an earlier call (issue 19 part 2)", () => {
  it("a differing read starts no chain: a later difference is a fresh failure", () => {
    expect(summary(labelConsequences([call("a", "fail", false), call("b", "pass", true), call("c", "fail", false)]))).toEqual([
      ["fail", null, "ma"],
      ["pass", null, "mb"],
      ["fail", null, "mc"],
    ]);
  });
  it("after a differing write or command, later differences stay failures that name it", () => {
    expect(summary(labelConsequences([call("a", "fail", true), call("b", "fail", false), call("c", "pass", false)]))).toEqual([
      ["fail", null, "ma"],
      ["fail", "a", "may follow from call a, whose effect on the workspace differed: mb"],
      ["pass", null, "mc"],
    ]);
  });
  it("after a call the profile could not run, later differences are unsupported (correx's gap, not the agent's)", () => {
    expect(summary(labelConsequences([call("a", "unsupported", true, false), call("b", "fail", false)]))).toEqual([
      ["unsupported", null, "ma"],
      ["unsupported", "a", "follows from call a, which the profile could not run (its effects on the workspace are unknown): mb"],
    ]);
  });
  it("a call that ran but could not be formatted (effects applied) starts no chain", () => {
    expect(summary(labelConsequences([call("a", "unsupported", true, true), call("b", "fail", false)]))).toEqual([
      ["unsupported", null, "ma"],
      ["fail", null, "mb"],
    ]);
  });
});
