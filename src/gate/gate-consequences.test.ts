import { describe, expect, it } from "vitest";
import type { CaseOutcome, CaseStatus } from "../conformance/case-outcome.js";
import type { PathSet } from "./gate-call-footprints.js";
import { type JudgedCall, labelConsequences } from "./gate-consequences.js";

const paths = (...list: string[]): PathSet => new Set(list);
const call = (id: string, status: CaseStatus, footprint: { wrote?: PathSet; touched?: PathSet } = {}, effectsKnown = true): JudgedCall => ({
  id,
  footprint: { wrote: footprint.wrote ?? paths(), touched: footprint.touched ?? footprint.wrote ?? paths() },
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
    expect(summary(labelConsequences([call("a", "fail", { touched: paths("/w/a") }), call("b", "pass", { wrote: paths("/w/b") }), call("c", "fail", { touched: "any" })]))).toEqual([
      ["fail", null, "ma"],
      ["pass", null, "mb"],
      ["fail", null, "mc"],
    ]);
  });
  it("after a differing write, a later difference on that path (or a command) stays a failure that names it", () => {
    expect(
      summary(labelConsequences([call("a", "fail", { wrote: paths("/w/a.txt") }), call("b", "fail", { touched: paths("/w/a.txt") }), call("c", "fail", { touched: "any" }), call("d", "pass")])),
    ).toEqual([
      ["fail", null, "ma"],
      ["fail", "a", "may follow from call a, whose effect on the workspace differed: mb"],
      ["fail", "a", "may follow from call a, whose effect on the workspace differed: mc"],
      ["pass", null, "md"],
    ]);
  });
  it("a listing of the folder meets a write inside it, and a write of a removed folder meets the paths below it", () => {
    expect(summary(labelConsequences([call("a", "fail", { wrote: paths("/w/sub/a.txt") }), call("b", "fail", { touched: paths("/w") })]))[1]![1]).toBe("a");
    expect(summary(labelConsequences([call("a", "fail", { wrote: paths("/w/sub") }), call("b", "fail", { touched: paths("/w/sub/a.txt") })]))[1]![1]).toBe("a");
  });
  it("a failure that touches none of the changed paths stands on its own (unseen claude batch 2: an Edit of another file was named)", () => {
    expect(summary(labelConsequences([call("a", "fail", { wrote: paths("/w/a.txt") }), call("b", "fail", { touched: paths("/w/b.txt", "/w/ab.txt") })]))).toEqual([
      ["fail", null, "ma"],
      ["fail", null, "mb"],
    ]);
  });
  it("a command that changed nothing starts no chain (unseen gemini batch 2: a search was named; claude: a printf)", () => {
    expect(summary(labelConsequences([call("a", "fail", { touched: "any" }), call("b", "fail", { touched: "any" })]))).toEqual([
      ["fail", null, "ma"],
      ["fail", null, "mb"],
    ]);
  });
  it("names the latest earlier call that meets it", () => {
    const outcomes = labelConsequences([
      call("a", "fail", { wrote: paths("/w/a") }),
      call("b", "fail", { wrote: paths("/w/b") }),
      call("c", "fail", { touched: paths("/w/a") }),
      call("d", "fail", { touched: "any" }),
    ]);
    expect(outcomes.map((outcome) => outcome.consequenceOf ?? null)).toEqual([null, null, "a", "b"]);
  });
  it("after a call the profile could not run, later differences are unsupported (correx's gap, not the agent's)", () => {
    expect(summary(labelConsequences([call("a", "unsupported", {}, false), call("b", "fail", { touched: paths("/w/x") })]))).toEqual([
      ["unsupported", null, "ma"],
      ["unsupported", "a", "follows from call a, which the profile could not run (its effects on the workspace are unknown): mb"],
    ]);
  });
  it("a call that ran but could not be formatted (effects applied) starts no chain", () => {
    expect(summary(labelConsequences([call("a", "unsupported", { wrote: paths("/w/a") }, true), call("b", "fail", { touched: paths("/w/a") })]))).toEqual([
      ["unsupported", null, "ma"],
      ["fail", null, "mb"],
    ]);
  });

  it("a session change that ran but could not be formatted makes a later dependent difference unsupported, naming it", () => {
    expect(
      summary(
        labelConsequences([
          { ...call("a", "unsupported", {}, true), session: { changes: ["background processes"], reads: [] } },
          { ...call("b", "fail"), session: { changes: [], reads: ["background processes"] } },
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
          { ...call("a", "fail"), session: reads },
          { ...call("b", "pass"), session: planMode },
          { ...call("c", "fail"), session: reads },
          { ...call("d", "unsupported", {}, false), session: background },
          { ...call("e", "fail"), session: { changes: [], reads: ["background processes"] } },
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

describe("pathsMeet", () => {
  it("nothing written meets nothing, even a command", async () => {
    const { pathsMeet } = await import("./gate-call-footprints.js");
    expect(pathsMeet(paths(), "any")).toBe(false);
    expect(pathsMeet("any", paths())).toBe(true);
    expect(pathsMeet(paths("/w/ab"), paths("/w/a"))).toBe(false);
  });
});
