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
