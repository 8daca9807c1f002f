import { describe, expect, it } from "vitest";
import { InputError } from "../../input/input-error.js";
import { mergeJsonReports } from "./merge-json-reports.js";
import type { ParsedJsonReport } from "./parse-json-report.js";

/** A shard's report with one passing case, `<shard>/a`. */
function shardReport(shard: string): { file: string; report: ParsedJsonReport } {
  const id = `${shard.replace("/", "-of-")}/a`;
  return {
    file: `${shard.replace("/", "-of-")}.json`,
    report: {
      outcomes: [{ id, profile: "p", stage: "format", area: "x", protocols: [], tags: [], spec: "-", level: "must", status: "pass", golden: "matched", differences: [], durationMs: 1 }],
      summary: { total: 1, pass: 1, fail: 0, xfail: 0, unsupported: 0, crash: 0, timeout: 0, pending: 0, updated: 0, durationMs: 1 },
      metadata: { correxVersion: "0.1.0", subject: "reference", profiles: {}, date: "2026-01-01T00:00:00.000Z", shard, filtered: true },
    },
  };
}

/** The InputError's text as the CLI prints it after "correx merge-reports: ". */
function refusal(shards: string[]): string {
  try {
    mergeJsonReports(shards.map(shardReport));
  } catch (error) {
    if (InputError.isInstance(error)) return error.render();
    throw error;
  }
  throw new Error("the reports were merged");
}

describe("mergeJsonReports: missing shards are named as ranges, whatever n", () => {
  it("one missing shard is named as it was", () => {
    expect(refusal(["1/3", "3/3"])).toBe("shard 2/3 missing: merge every shard of the run");
  });

  it("consecutive missing shards are one range (were listed one by one)", () => {
    expect(refusal(["1/5", "3/5"])).toBe("shards 2, 4–5 of 5 missing: merge every shard of the run");
    expect(refusal(["4/4"])).toBe("shards 1–3 of 4 missing: merge every shard of the run");
  });

  // 1/1000000000 (which ran out of memory) is run in test/e2e/shard-merge.test.ts, in a process of its own
  it("shard 1 of 100000: one short line (was a line of over 1 MB, every shard named)", () => {
    expect(refusal(["1/100000"])).toBe("shards 2–100000 of 100000 missing: merge every shard of the run");
  });

  it("every shard there merges", () => {
    expect(mergeJsonReports(["2/2", "1/2"].map(shardReport)).outcomes.map((outcome) => outcome.id)).toEqual(["1-of-2/a", "2-of-2/a"]);
  });
});
