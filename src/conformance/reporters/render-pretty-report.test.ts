import { describe, expect, it } from "vitest";
import { type CaseOutcome, summarize } from "../case-outcome.js";
import { renderPrettyReport } from "./render-pretty-report.js";

const outcome = (id: string, status: CaseOutcome["status"], message?: string): CaseOutcome => ({
  id,
  profile: "opencode-cli",
  stage: "format",
  area: "bash",
  protocols: [],
  tags: [],
  spec: "§2.1",
  level: "must",
  status,
  ...(message === undefined ? {} : { message }),
  differences: [],
  golden: "none",
  durationMs: 0,
});

describe("renderPrettyReport: unsupported cases", () => {
  it("names each reason once, with its count and the first case, in first-seen order", () => {
    const outcomes = [
      outcome("a/one", "unsupported", "truncation limits"),
      outcome("a/two", "pass"),
      outcome("a/three", "unsupported", "a tool error"),
      outcome("a/four", "unsupported", "truncation limits"),
    ];
    const text = renderPrettyReport({ outcomes, summary: summarize(outcomes, 5), allCaseIds: [] }, { correxVersion: "0", subject: "reference", profiles: {}, date: "", filtered: false });
    expect(text.split("\n").slice(0, 3)).toEqual(["UNSUPPORTED 2 cases: truncation limits (a/one and 1 more)", "UNSUPPORTED 1 case: a tool error (a/three)", ""]);
  });
});
