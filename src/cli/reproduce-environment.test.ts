import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { gateReportOutcome } from "./html-report-facts.js";
import { agentPathVariables } from "./reproduce-environment.js";

describe("agentPathVariables", () => {
  it("names the variables the agent's scripts use that hold an existing absolute path, never another value", () => {
    const dir = makeTempDir("correx-reproduce-");
    const binary = join(dir, "codex");
    writeFileSync(binary, "");
    chmodSync(binary, 0o755);
    const script = join(dir, "agent.sh");
    // a shell default, \${NAME:-…}, spelled out of a template's reach
    writeFileSync(script, `exec "$CODEX_BIN" exec "$CORREX_PROMPT" --key "$FAKE_API_KEY" \${GEMINI_JS:-x} $MISSING_BIN\n`);
    const js = join(dir, "agent.mjs");
    writeFileSync(js, 'const bin = process.env.CLAUDE_BIN ?? process.env["OPENCODE_BIN"];\n');
    const env = {
      CODEX_BIN: binary,
      CLAUDE_BIN: binary,
      OPENCODE_BIN: dir,
      GEMINI_JS: "relative/gemini.js",
      FAKE_API_KEY: "sk-secret",
      MISSING_BIN: join(dir, "nothing-here"),
      CORREX_PROMPT: binary,
      UNUSED_BIN: binary,
    };
    expect(agentPathVariables(["sh", script, js], env)).toEqual([
      ["CLAUDE_BIN", binary],
      ["CODEX_BIN", binary],
      ["OPENCODE_BIN", dir],
    ]);
  });
});

describe("gateReportOutcome's reproduce line (unseen batch 2: it could not rerun a codex scenario as printed)", () => {
  const outcome = {
    id: "s/openai-responses/call_1_1",
    profile: "codex-cli",
    stage: "gate",
    area: "exec_command",
    protocols: [],
    tags: [],
    spec: "",
    level: "gate",
    status: "fail" as const,
    differences: [],
    golden: "none" as const,
    durationMs: 1,
  };
  const options = {
    scenarioFile: "fixtures/scenarios/s.yaml",
    gateArgs: ["--profile", "codex-cli", "--work-dir", "/var/tmp/w"],
    protocol: "openai-responses",
    command: ["sh", "examples/agents/codex-exec.sh"],
    variables: [["CODEX_BIN", "/opt/codex bin/codex"]] as const,
  };
  it("sets the agent's path variables before correx", () => {
    expect(gateReportOutcome(outcome, options).reproduce).toBe(
      "CODEX_BIN='/opt/codex bin/codex' npx correx gate --profile codex-cli --work-dir /var/tmp/w --protocol openai-responses --scenario fixtures/scenarios/s.yaml -- sh examples/agents/codex-exec.sh",
    );
  });
  it("runs in a network namespace of its own when the run saw only loopback", () => {
    expect(gateReportOutcome(outcome, { ...options, loopbackOnly: true }).reproduce).toBe(
      `unshare -n sh -c 'ip link set lo up && CODEX_BIN='\\''/opt/codex bin/codex'\\'' npx correx gate --profile codex-cli --work-dir /var/tmp/w --protocol openai-responses --scenario fixtures/scenarios/s.yaml -- sh examples/agents/codex-exec.sh'`,
    );
  });
});
