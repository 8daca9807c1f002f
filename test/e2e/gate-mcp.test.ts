import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { findOpencodeBinary, greenScenarioCount, runGateGroups } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 29, point 4: MCP tool results through the real agents. Each scenario gives the agent
 * correx's scripted MCP server (`correx mcp-server`, stdio, or streamable HTTP on 127.0.0.1), the
 * fake model calls the tool by the agent's own name for it, and every tool result must equal the
 * profile's byte for byte after redaction, inside a loopback-only network namespace when running as
 * root. Skipped per agent, with the reason printed, when its binary is not installed.
 */
const ALL = [
  "mcp-text-image-structured",
  "mcp-text-items",
  "mcp-is-error",
  "mcp-rpc-error",
  "mcp-resource-text-link",
  "mcp-resource-blobs",
  "mcp-audio",
  "mcp-empty",
  "mcp-large-text",
  "mcp-structured-with-text",
  "mcp-structured-only",
  "mcp-structured-breaks-schema",
  "mcp-two-calls",
  "mcp-http-transport",
  "mcp-content-kinds",
  // a slow answer past the tool-call timeout the scenario sets in the agent's config (2 s), then a call answered at once
  "mcp-timeout",
];

/** Codex CLI defers MCP tools behind tool_search: its scenarios script that round first (docs/spec/codex-cli-0.171.0.md §9). */
const CODEX = [...ALL.map((name) => `codex-${name}`), "codex-mcp-server-dies", "codex-mcp-edges"];

interface Agent {
  label: string;
  binary: string | null;
  install: string;
  scenarios: readonly string[];
  args: readonly string[];
  driver: readonly string[];
  env: (binary: string) => Record<string, string>;
}

const first = (paths: readonly (string | undefined)[]) => paths.find((path): path is string => path !== undefined && existsSync(path)) ?? null;

const codexVendored = "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex";

const agents: Agent[] = [
  {
    label: "codex-cli (Codex CLI 0.171.0, codex exec)",
    binary: first([process.env.CODEX_BIN, `${repoRoot}/node_modules/.cache/correx-codex/${codexVendored}`, `${repoRoot}/${codexVendored}`]),
    install: "@openai/codex@0.171.0",
    scenarios: CODEX,
    args: ["--profile", "codex-cli", "--protocol", "openai-responses", "--model", "gpt-5.5", "--config-template", `${repoRoot}/examples/agents/codex-config.toml.template`, "--timeout", "600000"],
    driver: ["sh", `${repoRoot}/examples/agents/codex-exec.sh`],
    env: (binary) => ({ CODEX_BIN: binary }),
  },
  {
    label: "claude-code (Claude Code 2.1.332)",
    binary: first([process.env.CLAUDE_BIN, `${repoRoot}/node_modules/.cache/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude`]),
    install: "@anthropic-ai/claude-code@2.1.332",
    // and its persistence threshold, call by call (docs/spec/claude-code-2.1.332.md §10.7)
    scenarios: [...ALL, "mcp-server-dies", "claude-mcp-sizes"],
    args: ["--profile", "claude-code", "--protocol", "anthropic-messages", "--model", "claude-opus-5-5", "--timeout", "600000"],
    driver: ["sh", `${repoRoot}/examples/agents/claude-code.sh`],
    env: (binary) => ({ CLAUDE_BIN: binary }),
  },
  {
    label: "gemini-cli (Gemini CLI 0.61.0)",
    binary: first([process.env.GEMINI_JS, `${repoRoot}/node_modules/.cache/correx-gemini/node_modules/@google/gemini-cli/bundle/gemini.js`]),
    install: "@google/gemini-cli@0.61.0",
    scenarios: [...ALL, "mcp-server-dies"],
    args: [
      "--profile",
      "gemini-cli",
      "--protocol",
      "google-gemini",
      "--model",
      "gemini-2.5-pro",
      "--config-template",
      `${repoRoot}/examples/agents/gemini-settings.json.template`,
      "--timeout",
      "600000",
    ],
    driver: ["sh", `${repoRoot}/examples/agents/gemini-cli.sh`],
    env: (binary) => ({ GEMINI_JS: binary }),
  },
  {
    label: "opencode-cli (opencode 1.18.33, opencode run)",
    binary: findOpencodeBinary(),
    install: "opencode-ai@1.18.33",
    scenarios: [...ALL, "mcp-server-dies"],
    args: ["--profile", "opencode-cli", "--protocol", "openai-chat", "--modalities", "image", "--config-template", `${repoRoot}/examples/agents/opencode.json.template`, "--timeout", "600000"],
    driver: ["sh", `${repoRoot}/examples/agents/opencode-run.sh`],
    env: (binary) => ({ OPENCODE_BIN: binary }),
  },
  {
    // opencode's v2 runtime offers no MCP tool: every call is its unknown-tool error (docs/unsupported-rules.md "MCP tools").
    label: "opencode-core (opencode 1.18.33, opencode serve)",
    binary: findOpencodeBinary(),
    install: "opencode-ai@1.18.33",
    scenarios: [...ALL, "mcp-server-dies"],
    args: ["--profile", "opencode-core", "--protocol", "openai-chat", "--config-template", `${repoRoot}/examples/agents/opencode-serve.json.template`, "--timeout", "600000"],
    driver: ["node", `${repoRoot}/examples/agents/opencode-serve.mjs`],
    env: (binary) => ({ OPENCODE_BIN: binary }),
  },
];

/** Gate processes run at once per agent. */
const GROUPS = 2;

for (const agent of agents) {
  const skipReason = agent.binary === null ? `the ${agent.label} binary is not installed (.ci/run installs ${agent.install} from npm)` : null;
  if (skipReason) console.warn(`test/e2e/gate-mcp.test.ts: ${agent.label} skipped: ${skipReason}`);
  describe.skipIf(skipReason !== null)(`correx gate, MCP tools, against the real ${agent.label}`, () => {
    it(
      "every MCP tool result of every scenario equals the profile's, byte for byte after redaction",
      async () => {
        const work = makeTempDir("correx-gate-mcp-");
        const outcomes = await runGateGroups({ work, scenarios: agent.scenarios, groups: GROUPS, args: agent.args, agent: agent.driver, env: agent.env(agent.binary!) });
        const green = greenScenarioCount(outcomes);
        console.log(`correx gate (MCP) vs ${agent.label}: ${green} of ${agent.scenarios.length} scenarios green, ${outcomes.length} tool results`);
        expect(green).toBe(agent.scenarios.length);
        expect(green).toBeGreaterThanOrEqual(12);
      },
      60 * 60 * 1000,
    );
  });
}
