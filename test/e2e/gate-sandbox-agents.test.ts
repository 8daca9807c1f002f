// `correx gate --sandbox` holds every real agent (README "Security model"): each binary .ci/run
// installs runs as the first process of its own PID, mount and network namespaces, reaches the
// fake only through the sandbox's loopback bridge, and its tool results still equal the profile's,
// byte for byte. Scenarios are chosen to cross the sandbox's edges: a shell command, a read, a page
// fetched from the fake (opencode's webfetch), a saved full output (Claude Code's persisted bash).

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, registerTempDir } from "../temp-dirs.js";
import { canIsolateNetwork, findOpencodeBinary, gateArgv } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

const cache = `${repoRoot}/node_modules/.cache`;
const opencode = findOpencodeBinary();
interface SandboxedAgent {
  name: string;
  present: boolean;
  args: string[];
  scenarios: string[];
  agent: string[];
  env: Record<string, string>;
}

const agents: SandboxedAgent[] = [
  {
    name: "opencode-cli",
    present: opencode !== null,
    args: ["--profile", "opencode-cli", "--protocol", "openai-chat", "--config-template", `${repoRoot}/examples/agents/opencode.json.template`],
    scenarios: ["bash-echo", "webfetch-small"],
    agent: ["sh", `${repoRoot}/examples/agents/opencode-run.sh`],
    env: { OPENCODE_BIN: opencode ?? "" },
  },
  {
    name: "opencode-core",
    present: opencode !== null,
    args: ["--profile", "opencode-core", "--protocol", "anthropic-messages", "--config-template", `${repoRoot}/examples/agents/opencode-serve.json.template`],
    scenarios: ["read-small", "bash-echo"],
    agent: [process.execPath, `${repoRoot}/examples/agents/opencode-serve.mjs`],
    env: { OPENCODE_BIN: opencode ?? "" },
  },
  {
    name: "codex-cli",
    present: existsSync(`${cache}/correx-codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex`),
    args: ["--profile", "codex-cli", "--protocol", "openai-responses", "--model", "gpt-5.5", "--config-template", `${repoRoot}/examples/agents/codex-config.toml.template`],
    scenarios: ["codex-exec-echo", "codex-patch-add"],
    agent: ["sh", `${repoRoot}/examples/agents/codex-exec.sh`],
    env: { CODEX_BIN: `${cache}/correx-codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex` },
  },
  {
    name: "gemini-cli",
    present: existsSync(`${cache}/correx-gemini/node_modules/@google/gemini-cli/bundle/gemini.js`),
    args: ["--profile", "gemini-cli", "--protocol", "google-gemini", "--model", "gemini-2.5-pro", "--config-template", `${repoRoot}/examples/agents/gemini-settings.json.template`],
    scenarios: ["gemini-shell-echo"],
    agent: ["sh", `${repoRoot}/examples/agents/gemini-cli.sh`],
    env: { GEMINI_JS: `${cache}/correx-gemini/node_modules/@google/gemini-cli/bundle/gemini.js` },
  },
  {
    name: "claude-code",
    present: existsSync(`${cache}/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude`),
    args: ["--profile", "claude-code", "--protocol", "anthropic-messages", "--model", "claude-opus-5-5"],
    scenarios: ["claude-bash-echo", "claude-bash-persisted", "claude-read-token-cap"],
    agent: ["sh", `${repoRoot}/examples/agents/claude-code.sh`],
    env: { CLAUDE_BIN: `${cache}/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude` },
  },
];

/** Runs `correx gate` (no `unshare -n` around it: --sandbox is the agent's only network). */
function gate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = gateArgv(args);
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: repoRoot, env: { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!canIsolateNetwork())("correx gate --sandbox against each real agent", () => {
  for (const agent of agents) {
    it.skipIf(!agent.present)(
      `${agent.name}: every tool result equals the profile's with the agent in its sandbox`,
      async () => {
        // Codex refuses to create its helper binaries in a CODEX_HOME under the temp dir.
        mkdirSync(cache, { recursive: true });
        const work = agent.name === "codex-cli" ? registerTempDir(mkdtempSync(join(cache, "correx-gate-sandbox-"))) : makeTempDir("correx-gate-sandbox-");
        const run = await gate(
          [
            ...agent.args,
            "--sandbox",
            "--timeout",
            "300000",
            "--work-dir",
            work,
            ...agent.scenarios.flatMap((name) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`]),
            "--",
            ...agent.agent,
          ],
          agent.env,
        );
        expect(run.stderr).not.toContain("internal error");
        expect(run.stdout).toMatch(/ cases?: \d+ passed, 0 failed, 0 xfail, 0 unsupported, 0 crashed, 0 timed out/);
        expect(run.code).toBe(0);
      },
      15 * 60 * 1000,
    );
  }
});
