import { describe, expect, it } from "vitest";
import { exitCodeOf, type RunSummary } from "./case-outcome.js";
import { exceedsUnsupportedBudget, judgedCount, overBudgetMessage, parseUnsupportedBudget, percentOf } from "./unsupported-budget.js";

const summary = (counts: Partial<RunSummary>): RunSummary => {
  const base = { pass: 0, fail: 0, xfail: 0, unsupported: 0, crash: 0, timeout: 0, pending: 0, updated: 0, durationMs: 0, ...counts };
  return { ...base, total: base.pass + base.fail + base.xfail + base.unsupported + base.crash + base.timeout };
};

describe("--max-unsupported (issue 31: unsupported is never success by accident)", () => {
  it("parses a count or a share, and nothing else", () => {
    expect(parseUnsupportedBudget("0")).toEqual({ kind: "count", count: 0 });
    expect(parseUnsupportedBudget("17")).toEqual({ kind: "count", count: 17 });
    expect(parseUnsupportedBudget("10%")).toEqual({ kind: "percent", percent: 10 });
    expect(parseUnsupportedBudget("2.5%")).toEqual({ kind: "percent", percent: 2.5 });
    for (const bad of ["", "-1", "1.5", "101%", "%", "10 %", "ten"]) expect(parseUnsupportedBudget(bad), bad).toBeNull();
  });

  it("a run where every case is unsupported is not good by default (exit 3), and 278 of them are not either", () => {
    expect(exitCodeOf(summary({ unsupported: 278 }))).toBe(3);
    expect(exitCodeOf(summary({ pass: 8, unsupported: 17 }))).toBe(3);
    expect(exitCodeOf(summary({ pass: 674 }))).toBe(0);
  });

  it("a failure is exit 1 whatever the budget: not conforming outranks not judged", () => {
    expect(exitCodeOf(summary({ fail: 1, unsupported: 5 }))).toBe(1);
    expect(exitCodeOf(summary({ crash: 1, unsupported: 5 }), { kind: "count", count: 5 })).toBe(1);
  });

  it("a count allows that many; a share allows that part of the run, exactly at the boundary", () => {
    const run = summary({ pass: 8, unsupported: 17 });
    expect(exceedsUnsupportedBudget(run, { kind: "count", count: 16 })).toBe(true);
    expect(exceedsUnsupportedBudget(run, { kind: "count", count: 17 })).toBe(false);
    expect(exceedsUnsupportedBudget(run, { kind: "percent", percent: 67.9 })).toBe(true);
    expect(exceedsUnsupportedBudget(run, { kind: "percent", percent: 68 })).toBe(false);
    expect(exitCodeOf(run, { kind: "percent", percent: 100 })).toBe(0);
  });

  it("the share it suggests accepts the run exactly: rounded up to a tenth of a percent", () => {
    const run = summary({ pass: 9, unsupported: 17 });
    expect(overBudgetMessage("check", run, { kind: "count", count: 0 }, "cases")).toContain("17 of 26 cases unsupported (65 %)");
    expect(overBudgetMessage("check", run, { kind: "count", count: 0 }, "cases")).toContain("pass --max-unsupported 17 (or 65.4%)");
    expect(exceedsUnsupportedBudget(run, { kind: "percent", percent: 65.4 })).toBe(false);
    expect(exceedsUnsupportedBudget(run, { kind: "percent", percent: 65.3 })).toBe(true);
  });

  it("judged means compared with an expectation: passed, failed or xfail", () => {
    expect(judgedCount(summary({ pass: 3, fail: 1, xfail: 1, unsupported: 2, crash: 1, timeout: 1 }))).toBe(5);
  });

  it("a share never rounds to 0 % or 100 % unless it is exactly that", () => {
    expect(percentOf(0, 5)).toBe("0 %");
    expect(percentOf(5, 5)).toBe("100 %");
    expect(percentOf(8, 25)).toBe("32 %");
    expect(percentOf(1, 2000)).toBe("0.1 %");
    expect(percentOf(1999, 2000)).toBe("99.9 %");
    expect(percentOf(673, 674)).toBe("99.9 %");
  });
});
