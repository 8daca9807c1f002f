import { describe, expect, it } from "vitest";
import { type CaseOutcome, createReportMessageBudget } from "./case-outcome.js";

const outcome = (message: string | undefined): CaseOutcome => ({
  id: "x",
  profile: "p",
  stage: "format",
  area: "a",
  protocols: [],
  tags: [],
  spec: "-",
  level: "must",
  status: "fail",
  ...(message === undefined ? {} : { message }),
  differences: [],
  golden: "none",
  durationMs: 0,
});

describe("a run's message budget", () => {
  it("keeps messages whole until the run has kept its budget, then cuts each to 256 characters, saying so", () => {
    const keep = createReportMessageBudget(1000);
    expect(keep(outcome("a".repeat(600))).message).toBe("a".repeat(600));
    expect(keep(outcome("b".repeat(300))).message).toBe("b".repeat(300));
    const cut = keep(outcome("c".repeat(5000))).message!;
    expect(cut).toBe(`${"c".repeat(256)}… (cut: this run's messages reached 1000 characters)`);
    // short messages and outcomes without one stay as they are
    expect(keep(outcome("short")).message).toBe("short");
    expect(keep(outcome(undefined)).message).toBeUndefined();
  });

  it("bounds what a run of many long failures keeps: 10,000 messages of 4,096 characters keep under 7 MB", () => {
    const keep = createReportMessageBudget();
    let total = 0;
    for (let index = 0; index < 10_000; index++) total += keep(outcome("x".repeat(4096))).message!.length;
    expect(total).toBeLessThan(7 * 1024 * 1024);
  });
});
