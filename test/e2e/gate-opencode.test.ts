import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { gateArgs, greenScenarioCount, readGateOutcomes, realAgent, runGate } from "./gate-runner.js";
import { opencodeCliScenarios } from "./opencode-suite-lists.js";
import { repoRoot, runCli } from "./run-cli.js";

/**
 * issue 7, Done-when 2: `correx gate --profile opencode-cli` against the real opencode 1.18.33
 * binary (installed by .ci/run), the scenarios of test/e2e/opencode-suite-lists.ts × all four protocols (issue 30: openai-responses
 * through `@ai-sdk/openai`, examples/agents/opencode.json.template's fake-openai), on 127.0.0.1 only
 * (inside a loopback-only network namespace when running as root).
 */
const scenariosFor = (protocol: string) => opencodeCliScenarios[protocol as keyof typeof opencodeCliScenarios];

const { binary, skipReason } = await realAgent("test/e2e/gate-opencode.test.ts");

describe.skipIf(skipReason !== null)("correx gate --profile opencode-cli against the real opencode 1.18.33", () => {
  it(
    "passes for every scenario × openai-chat and anthropic-messages, and one per category × google-gemini and openai-responses",
    async () => {
      const work = makeTempDir("correx-gate-opencode-");
      const protocols = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"] as const;
      const runs = await Promise.all(
        protocols.map((protocol) =>
          runGate(
            gateArgs({
              profile: "opencode-cli",
              protocol,
              configTemplate: `${repoRoot}/examples/agents/opencode.json.template`,
              timeoutMs: 90000,
              work,
              scenarioFiles: scenariosFor(protocol).map((name) => `${repoRoot}/fixtures/scenarios/${name}.yaml`),
              agent: ["sh", `${repoRoot}/examples/agents/opencode-run.sh`],
            }),
            { OPENCODE_BIN: binary! },
          ),
        ),
      );
      const green: Record<string, number> = {};
      protocols.forEach((protocol, index) => {
        const run = runs[index]!;
        const outcomes = readGateOutcomes(join(work, `${protocol}.json`));
        green[protocol] = greenScenarioCount(outcomes);
        // every tool result the binary sends equals the profile's, byte for byte
        const bad = outcomes.filter((outcome) => outcome.status !== "pass");
        expect(bad, `${protocol}:\n${run.stdout}\n${run.stderr}`).toEqual([]);
        expect(run.code, run.stdout).toBe(0);
      });
      console.log(`correx gate vs opencode 1.18.33: scenarios green per protocol ${JSON.stringify(green)}`);
      for (const protocol of protocols)
        expect(green[protocol]).toBeGreaterThanOrEqual(protocol === "openai-responses" || protocol === "google-gemini" ? opencodeCliScenarios[protocol].length - 2 : 20);
    },
    40 * 60 * 1000,
  );

  it(
    "a recorded run replays green against its goldens; the binary's traffic with one byte changed fails naming scenario, call and byte, and pends a golden that review shows",
    async () => {
      const root = makeTempDir("correx-gate-opencode-golden-");
      const golden = [
        "--against",
        "golden",
        "--golden-dir",
        `${root}/golden/opencode`,
        "--profile",
        "opencode-cli",
        "--protocol",
        "openai-chat",
        "--config-template",
        `${repoRoot}/examples/agents/opencode.json.template`,
        "--timeout",
        "90000",
        "--work-dir",
        `${root}/work`,
        "--scenario",
        `${repoRoot}/fixtures/scenarios/bash-echo.yaml`,
        "--scenario",
        `${repoRoot}/fixtures/scenarios/read-small.yaml`,
      ];
      const opencode = ["sh", `${repoRoot}/examples/agents/opencode-run.sh`];
      const env = { OPENCODE_BIN: binary! };
      const record = await runGate([...golden, "--update", "always", "--", ...opencode], env);
      expect(record.code, record.stdout + record.stderr).toBe(0);
      const replay = await runGate([...golden, "--ci", "--", ...opencode], env);
      expect(replay.code, replay.stdout + replay.stderr).toBe(0);
      expect(replay.stdout).toContain("2 cases: 2 passed");
      const broken = await runGate([...golden, "--", "node", `${repoRoot}/examples/agents/flip-byte-proxy.mjs`, ...opencode], env);
      expect(broken.code, broken.stdout + broken.stderr).toBe(1);
      // bash `echo hello`: the wrapped binary's tool message content "hello\n" went out as "iello\n"
      expect(broken.stdout).toContain(
        'FAIL bash-echo/openai-chat/call_1_1  (§2.1): call call_1_1 bash {"command":"echo hello"}: first difference at byte 62 of the fragment\'s JSON: expected 0x68 "h", found 0x69 "i"',
      );
      expect(broken.stdout).toContain(`pending golden written: ${root}/golden/opencode/bash-echo/openai-chat.yaml.new`);
      const review = runCli(["golden", "review", "--root", root], { input: "s\ns\n" });
      expect(review.stdout).toContain(`changed golden ${root}/golden/opencode/bash-echo/openai-chat.yaml`);
      expect(review.stdout).toContain("    -hello\n    +iello\n");
    },
    10 * 60 * 1000,
  );
});
