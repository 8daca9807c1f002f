import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

/** issue 27 item 8: `correx format --profile codex-cli` validates observations by the profile's own kinds and never formats a call it does not model. */
describe("correx format --profile codex-cli", () => {
  const patch = JSON.stringify("*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch");

  it("validates an apply_patch observation against codex's patch-applied schema, not opencode's apply_patch", () => {
    const run = runCli(["format", "--profile", "codex-cli", "--tool", "apply_patch", "--input", patch, "--observation", '{"changes":[{"action":"add","path":"a.txt"}]}']);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ output: "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA a.txt\n" });
    expect(run.code).toBe(0);
  });

  it("refuses an apply_patch observation that is not a patch-applied one, naming that schema", () => {
    const run = runCli(["format", "--profile", "codex-cli", "--tool", "apply_patch", "--input", patch, "--observation", '{"diagnostics":[]}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(observations/patch-applied)");
  });

  it("answers tty: true as not modelled instead of formatting it like a pipe", () => {
    const run = runCli(["format", "--profile", "codex-cli", "--tool", "exec_command", "--input", '{"cmd":"echo hi","tty":true}', "--observation", '{"output":"hi\\n","exitCode":0}']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toBe("correx format: codex-cli: exec_command with tty: true (a PTY: output arrives with \\r\\n) is not modelled");
  });
});
