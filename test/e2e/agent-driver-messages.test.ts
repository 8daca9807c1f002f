// The example agent drivers (examples/agents/) are what a user runs first; a binary that is not
// where they were told must be one line and exit 2, which the gate shows as the agent's output.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { makeTempDir, repoRoot } from "./run-cli.js";

/** Runs a driver with the gate's variables set around `env`; returns its exit code and stderr. */
function runDriver(argv: string[], env: Record<string, string>) {
  const run = makeTempDir("correx-driver-run-");
  const result = spawnSync(argv[0]!, argv.slice(1), {
    cwd: run,
    encoding: "utf8",
    timeout: 30_000,
    env: {
      PATH: process.env.PATH,
      CORREX_RUN_DIR: run,
      CORREX_CONFIG: "/dev/null",
      CORREX_PROTOCOL: "openai-chat",
      CORREX_MODEL: "m",
      CORREX_PROMPT: "p",
      CORREX_WORKSPACE: run,
      CORREX_BASE_URL: "http://127.0.0.1:9",
      ...env,
    },
  });
  return { code: result.status, stderr: result.stderr };
}

describe("example drivers name a missing agent binary in one line", () => {
  it("opencode-serve.mjs: an absolute path to nothing, and a name not on PATH (it printed an unhandled 'error' event's stack)", () => {
    const driver = [process.execPath, `${repoRoot}/examples/agents/opencode-serve.mjs`];
    expect(runDriver(driver, { OPENCODE_BIN: "/no/such/opencode" })).toEqual({
      code: 2,
      stderr: "opencode-serve.mjs: no opencode binary at /no/such/opencode (set OPENCODE_BIN to the opencode binary)\n",
    });
    expect(runDriver(driver, { OPENCODE_BIN: "correx-no-such-opencode", OPENCODE_SERVE_START_MS: "5000" })).toEqual({
      code: 2,
      stderr: "opencode-serve.mjs: cannot start correx-no-such-opencode: spawn correx-no-such-opencode ENOENT\n",
    });
  });

  it("opencode-run.sh and gemini-cli.sh: an absolute path to nothing (gemini-cli.sh let node print Cannot find module)", () => {
    expect(runDriver(["sh", `${repoRoot}/examples/agents/opencode-run.sh`], { OPENCODE_BIN: "/no/such/opencode" })).toEqual({
      code: 2,
      stderr: "opencode-run.sh: no opencode binary at /no/such/opencode (set OPENCODE_BIN to the opencode binary)\n",
    });
    expect(runDriver(["sh", `${repoRoot}/examples/agents/gemini-cli.sh`], { GEMINI_JS: "/no/such/gemini.js" })).toEqual({
      code: 2,
      stderr: "gemini-cli.sh: no Gemini CLI bundle at /no/such/gemini.js (set GEMINI_JS to the Gemini CLI bundle/gemini.js)\n",
    });
  });

  it("claude-code.sh: a path to nothing says what to install, not .ci/run alone (a user's install has no .ci/run)", () => {
    const run = runDriver(["sh", `${repoRoot}/examples/agents/claude-code.sh`], { CLAUDE_BIN: "/no/such/claude" });
    expect(run).toEqual({
      code: 2,
      stderr:
        "claude-code.sh: no Claude Code binary at /no/such/claude (set CLAUDE_BIN to the native claude binary of @anthropic-ai/claude-code@2.1.332, e.g. npm install --prefix DIR @anthropic-ai/claude-code@2.1.332 gives DIR/node_modules/@anthropic-ai/claude-code-linux-x64/claude; in a correx checkout, .ci/run installs it)\n",
    });
  });
});
