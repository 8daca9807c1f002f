// What node:util's parser said reached the user as it was: "Option '--max-unsupported' argument is
// ambiguous." for a value starting with "-", and "Unknown option '--reportr'" with no way on.
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

describe("a mistyped flag gets one line that says what to type", () => {
  it("an unknown flag names the closest known one and the help to read", () => {
    const run = runCli(["check", "--reportr", "json"]);
    expect(run.stderr).toBe("correx check: unknown option --reportr (did you mean --reporter?); npx correx check --help lists the options\n");
    expect(run.code).toBe(2);
    const far = runCli(["gate", "--frobnicate", "--", "true"]);
    expect(far.stderr).toBe("correx gate: unknown option --frobnicate; npx correx gate --help lists the options\n");
    expect(far.code).toBe(2);
    // golden update runs check's parser: the line names the command typed (it said "correx check")
    const update = runCli(["golden", "update", "--bogus"]);
    expect([update.code, update.stderr]).toEqual([2, "correx golden update: unknown option --bogus; npx correx golden update --help lists the options\n"]);
  });

  it('a value that starts with "-" is named, with the --flag=value form that passes it', () => {
    const run = runCli(["check", "--max-unsupported", "-1"]);
    expect(run.stderr).toBe('correx check: --max-unsupported needs a value, and "-1" after it looks like a flag; if it is the value, write --max-unsupported=-1\n');
    expect(run.code).toBe(2);
    const passed = runCli(["check", "--max-unsupported=-1"]);
    expect(passed.stderr).toBe('correx check: --max-unsupported must be a count (5) or a share of the run from 0% to 100% (10%), found "-1"\n');
    expect(passed.code).toBe(2);
  });
});
