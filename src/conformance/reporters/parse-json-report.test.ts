import { describe, expect, it } from "vitest";
import { InputError } from "../../input/input-error.js";
import { parseJsonReport } from "./parse-json-report.js";

/** The InputError's text as the CLI prints it after "correx merge-reports: ". */
function refusal(text: string): string {
  try {
    parseJsonReport(text, "gate-1.json");
  } catch (error) {
    if (InputError.isInstance(error)) return error.render();
    throw error;
  }
  throw new Error("the report was accepted");
}

describe("parseJsonReport: what merge-reports says of a file that is no json report", () => {
  it("an empty file is said to be empty, at line 1 (was line 0, as a report without its summary)", () => {
    expect(refusal("")).toBe("gate-1.json:1:1: empty file: a json report has a line per case and ends with its summary line");
  });

  it("malformed JSON is placed at its line and column and said as every command says it (was JSON.parse's own words at column 1)", () => {
    const summary = '{"type":"summary"}';
    expect(refusal(`{"a":1,}\n${summary}\n`)).toBe('gate-1.json:1:8: not a json report line: malformed JSON: unexpected character "}", expected a string');
    expect(refusal(`${summary.slice(0, -1)}\n`)).toMatch(/^gate-1\.json:1:18: not a json report line: malformed JSON: /);
  });

  it("a report cut before its summary line still names the line it ends at", () => {
    const line = JSON.stringify({
      type: "case",
      id: "a",
      profile: "p",
      stage: "gate",
      area: "x",
      spec: "-",
      level: "must",
      status: "pass",
      golden: "none",
      protocols: [],
      tags: [],
      differences: [],
      durationMs: 1,
    });
    expect(refusal(`${line}\n${line.replace('"a"', '"b"')}\n`)).toBe(
      "gate-1.json:2:1: no summary line: the run that wrote this report did not end (a killed or crashed run leaves only its finished cases)",
    );
  });
});

/** A summary line as a shard of a check run writes it, with `change` applied on top. */
function summaryLine(change: Record<string, unknown> = {}, metadataChange: Record<string, unknown> = {}): string {
  const metadata = { correxVersion: "0.1.0", subject: "reference", profiles: { "opencode-cli": "1.18.33" }, date: "2026-01-01T00:00:00.000Z", shard: "1/2", filtered: true, ...metadataChange };
  const counts = { total: 1, pass: 1, fail: 0, xfail: 0, unsupported: 0, crash: 0, timeout: 0, pending: 0, updated: 0, durationMs: 12.5, judged: 1 };
  return JSON.stringify({ type: "summary", ...counts, ...change, metadata });
}

const caseLine = JSON.stringify({
  type: "case",
  id: "a",
  profile: "p",
  stage: "format",
  area: "x",
  spec: "-",
  level: "must",
  status: "pass",
  golden: "matched",
  protocols: [],
  tags: [],
  differences: [],
  durationMs: 1,
});

describe("parseJsonReport: a field that is not there is said to be missing (was `found undefined`, a JavaScript word)", () => {
  it("a line without its type", () => {
    expect(refusal(`{"id":"a"}\n${summaryLine()}\n`)).toBe('gate-1.json:1:1: /type: missing (expected "case" or "summary")');
  });

  it("a case line without its id", () => {
    expect(refusal(`${caseLine.replace('"id":"a",', "")}\n${summaryLine()}\n`)).toBe("gate-1.json:1:1: /id: missing (expected a string)");
  });

  it("a summary line without its total", () => {
    expect(refusal(`${caseLine}\n${summaryLine({ total: undefined })}\n`)).toBe("gate-1.json:2:1: /total: missing (expected a whole number from 0 up)");
  });
});

describe("parseJsonReport: the summary line's fields are checked (were taken as they came)", () => {
  it("a well-formed summary is read, its counts as written", () => {
    const report = parseJsonReport(`${caseLine}\n${summaryLine()}\n`, "gate-1.json");
    expect(report.summary.total).toBe(1);
    expect(report.summary.durationMs).toBe(12.5);
    expect(report.metadata.shard).toBe("1/2");
  });

  it('a duration that is no number (it printed "in NaN s" and exited 0)', () => {
    expect(refusal(`${caseLine}\n${summaryLine({ durationMs: "abc" })}\n`)).toBe('gate-1.json:2:1: /durationMs: expected a number of milliseconds from 0 up, found "abc"');
    expect(refusal(`${caseLine}\n${summaryLine({ durationMs: -1 })}\n`)).toBe("gate-1.json:2:1: /durationMs: expected a number of milliseconds from 0 up, found -1");
  });

  it("a count below zero, a fraction or a string", () => {
    expect(refusal(`${caseLine}\n${summaryLine({ total: -5 })}\n`)).toBe("gate-1.json:2:1: /total: expected a whole number from 0 up, found -5");
    expect(refusal(`${caseLine}\n${summaryLine({ fail: 1.5 })}\n`)).toBe("gate-1.json:2:1: /fail: expected a whole number from 0 up, found 1.5");
    expect(refusal(`${caseLine}\n${summaryLine({ judged: "1" })}\n`)).toBe('gate-1.json:2:1: /judged: expected a whole number from 0 up, found "1"');
  });

  it("a shard that --shard would refuse: 0/0, i above n, not i/n", () => {
    expect(refusal(`${caseLine}\n${summaryLine({}, { shard: "0/0" })}\n`)).toBe('gate-1.json:2:1: /metadata/shard: expected i/n with 1 ≤ i ≤ n, found "0/0"');
    expect(refusal(`${caseLine}\n${summaryLine({}, { shard: "3/2" })}\n`)).toBe('gate-1.json:2:1: /metadata/shard: expected i/n with 1 ≤ i ≤ n, found "3/2"');
    expect(refusal(`${caseLine}\n${summaryLine({}, { shard: 2 })}\n`)).toBe("gate-1.json:2:1: /metadata/shard: expected i/n with 1 ≤ i ≤ n, found 2");
  });

  it("metadata of the wrong kind: profiles not an object, filtered not a boolean", () => {
    expect(refusal(`${caseLine}\n${summaryLine({}, { profiles: "opencode-cli" })}\n`)).toBe('gate-1.json:2:1: /metadata/profiles: expected an object of profile versions, found "opencode-cli"');
    expect(refusal(`${caseLine}\n${summaryLine({}, { filtered: "yes" })}\n`)).toBe('gate-1.json:2:1: /metadata/filtered: expected true or false, found "yes"');
  });
});
