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

  it("formats a tty: true result as Codex does (spec §2.9): the terminal's \\r\\n kept, a signal death exit code 1", () => {
    const input = '{"cmd":"echo hi; kill -TERM $$","tty":true}';
    const run = runCli([
      "format",
      "--profile",
      "codex-cli",
      "--tool",
      "exec_command",
      "--input",
      input,
      "--observation",
      '{"output":"hi\\r\\n","exitCode":null,"signal":"SIGTERM","chunkId":"abc123","wallTimeSeconds":0.0012}',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // written from spec §2.9 (the binary answered `Process exited with code 1` for SIGTERM on a terminal)
    expect(JSON.parse(run.stdout)).toEqual({ output: "Chunk ID: abc123\nWall time: 0.0012 seconds\nProcess exited with code 1\nOriginal token count: 1\nOutput:\nhi\r\n" });
    const pipe = runCli([
      "format",
      "--profile",
      "codex-cli",
      "--tool",
      "exec_command",
      "--input",
      '{"cmd":"echo hi; kill -TERM $$"}',
      "--observation",
      '{"output":"hi\\n","exitCode":null,"signal":"SIGTERM"}',
    ]);
    expect(JSON.parse(pipe.stdout).output).toContain("Process exited with code 143\n");
  });
});
