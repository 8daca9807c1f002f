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

  it("a session change that ran but could not be formatted makes a later dependent difference unsupported, naming it", () => {
    expect(
      summary(
        labelConsequences([
          { ...call("a", "unsupported", false, true), session: { changes: ["background processes"], reads: [] } },
          { ...call("b", "fail", false), session: { changes: [], reads: ["background processes"] } },
        ]),
      ),
    ).toEqual([
      ["unsupported", null, "ma"],
      ["unsupported", "a", "follows from call a, which changed the session's background processes and whose result the profile does not model: mb"],
    ]);
  });

  it("a failing call that depends on session state names the last call that changed it (issue 28 item 4)", () => {
    const planMode = { changes: ["plan mode"], reads: ["plan mode"] };
    const reads = { changes: [], reads: ["plan mode", "background processes"] };
    const background = { changes: ["background processes"], reads: ["plan mode"] };
    expect(
      summary(
        labelConsequences([
          { ...call("a", "fail", false), session: reads },
          { ...call("b", "pass", false), session: planMode },
          { ...call("c", "fail", false), session: reads },
          { ...call("d", "unsupported", true, false), session: background },
          { ...call("e", "fail", false), session: { changes: [], reads: ["background processes"] } },
        ]),
      ),
    ).toEqual([
      ["fail", null, "ma"],
      ["pass", null, "mb"],
      ["fail", "b", "may follow from call b, which changed the session's plan mode: mc"],
      ["unsupported", null, "md"],
      // d could not be run at all: the workspace chain names it first (its effects are unknown)
      ["unsupported", "d", "follows from call d, which the profile could not run (its effects on the workspace are unknown): me"],
    ]);
  });
});
