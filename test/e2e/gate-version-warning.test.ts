import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { runGate } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

/**
 * A stand-in agent that sends one Chat request with the User-Agent given in its first argument and
 * exits: enough for `correx gate` to read the version it reports (Profile.agentVersion).
 */
const AGENT = `const [userAgent] = process.argv.slice(2);
const body = JSON.stringify({ model: process.env.CORREX_MODEL, messages: [{ role: "user", content: process.env.CORREX_PROMPT }] });
await (await fetch(process.env.CORREX_BASE_URL + "/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json", "user-agent": userAgent }, body })).text();
`;

describe("correx gate warns once when the agent's reported version is outside the profile's verified range", () => {
  const work = makeTempDir("correx-gate-version-");
  const agent = `${work}/agent.mjs`;
  writeFileSync(agent, AGENT);
  const gate = (userAgent: string) =>
    runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--scenario",
      `${repoRoot}/fixtures/scenarios/bash-echo.yaml`,
      "--scenario",
      `${repoRoot}/fixtures/scenarios/read-small.yaml`,
      "--reporter",
      `json=${work}/report.json`,
      "--",
      "node",
      agent,
      userAgent,
    ]);
  const warnings = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("correx gate: warning: the agent reports"));

  it("outside (opencode 1.18.19, below 1.18.20): one warning over two scenarios, naming version, profile and range", async () => {
    const run = await gate("opencode/1.18.19 ai-sdk/provider-utils/4.0.23 runtime/bun/1.3.14");
    expect(warnings(run.stderr)).toEqual([
      "correx gate: warning: the agent reports version 1.18.19 (its User-Agent), outside the versions profile opencode-cli is verified against (1.18.20 to 1.18.33); a difference may be a change in the agent, not a fault",
    ]);
  }, 60_000);

  it("inside (the User-Agent opencode run 1.18.33 sends): no warning", async () => {
    const run = await gate("opencode/1.18.33 ai-sdk/provider-utils/4.0.23 runtime/bun/1.3.14");
    expect(warnings(run.stderr)).toEqual([]);
    expect(run.stderr).toContain("correx gate: bash-echo × openai-chat:");
  }, 60_000);
});
