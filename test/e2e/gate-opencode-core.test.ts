import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { gateArgs, greenScenarioCount, readGateOutcomes, realAgent, runGate } from "./gate-runner.js";
import { opencodeCoreScenarios } from "./opencode-suite-lists.js";
import { repoRoot } from "./run-cli.js";

/**
 * issue 9: `correx gate --profile opencode-core` against the released opencode 1.18.33's v2 runner
 * behind `opencode serve` (examples/agents/opencode-serve.mjs), the scenarios of test/e2e/opencode-suite-lists.ts × openai-chat,
 * anthropic-messages and openai-responses, on 127.0.0.1 only (inside a loopback-only network
 * namespace when running as root); and a hung or crashing server is killed with its process tree
 * and reported for its scenario while the run goes on.
 */
const { binary, skipReason } = await realAgent("test/e2e/gate-opencode-core.test.ts");

const coreGateArgs = (protocol: string, work: string, timeoutMs: number, scenarioFiles: string[]) =>
  gateArgs({
    profile: "opencode-core",
    protocol,
    configTemplate: `${repoRoot}/examples/agents/opencode-serve.json.template`,
    timeoutMs,
    work,
    scenarioFiles,
    agent: [process.execPath, `${repoRoot}/examples/agents/opencode-serve.mjs`],
  });

/** Live (not zombie) processes whose command line contains `marker`. */
function processesWith(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat[stat.lastIndexOf(")") + 2] === "Z") continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (command.includes(marker)) found.push(`${entry}: ${command}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe.skipIf(skipReason !== null)("correx gate --profile opencode-core against the real opencode 1.18.33 v2 runner (opencode serve)", () => {
  it(
    "passes for every scenario × openai-chat, and one per category × anthropic-messages and openai-responses: every tool result byte-identical",
    async () => {
      const work = makeTempDir("correx-gate-opencode-core-");
      const protocols = ["openai-chat", "anthropic-messages", "openai-responses"] as const;
      const scenariosOf = (protocol: (typeof protocols)[number]) => opencodeCoreScenarios[protocol];
      const files = (protocol: (typeof protocols)[number]) => scenariosOf(protocol).map((name) => `${repoRoot}/fixtures/scenarios/${name}.yaml`);
      const runs = await Promise.all(protocols.map((protocol) => runGate(coreGateArgs(protocol, work, 120000, files(protocol)), { OPENCODE_BIN: binary! })));
      const green: Record<string, number> = {};
      protocols.forEach((protocol, index) => {
        const run = runs[index]!;
        const outcomes = readGateOutcomes(join(work, `${protocol}.json`));
        expect(new Set(outcomes.map((outcome) => outcome.id.split("/")[0])).size, run.stdout + run.stderr).toBe(scenariosOf(protocol).length);
        green[protocol] = greenScenarioCount(outcomes);
        // every tool result the v2 runner sends equals the profile's, byte for byte (the read
        // disagreements of docs/decisions/gate-v2-runner.md are fixed in the profile)
        const bad = outcomes.filter((outcome) => outcome.status !== "pass");
        expect(bad, `${protocol}:\n${run.stdout}\n${run.stderr}`).toEqual([]);
      });
      console.log(`correx gate vs opencode 1.18.33 v2 runner: scenarios green per protocol ${JSON.stringify(green)}`);
      for (const protocol of protocols) expect(green[protocol]).toBe(scenariosOf(protocol).length);
    },
    40 * 60 * 1000,
  );

  it(
    "a hung opencode serve is killed with its process tree (timeout), a crashing one is reported (crash), and the run goes on",
    async () => {
      const work = makeTempDir("correx-gate-opencode-core-faults-");
      // bash that would run 600 s: the server hangs in the tool; its sleep (a descendant of the
      // server, whatever its process group) must be gone after the gate's deadline.
      const marker = `299.${process.pid}`;
      writeFileSync(
        join(work, "serve-hang.yaml"),
        `name: serve-hang\nspec: §2.1b\nargumentStyle: opencode-core\nprompt: Sleep.\nturns:\n  - calls:\n      - tool: bash\n        input: {command: "sleep ${marker}", timeout: 600000}\n  - text: Done.\n`,
      );
      // bash that SIGKILLs its own opencode serve: the nearest ancestor whose argv[1] is "serve"
      const crash = `p=$PPID; while [ "$p" -gt 1 ]; do if [ "$(tr '\\0' '\\n' < /proc/$p/cmdline | sed -n 2p)" = serve ]; then kill -9 "$p"; break; fi; p=$(cut -d' ' -f4 /proc/$p/stat); done`;
      writeFileSync(
        join(work, "serve-crash.yaml"),
        `name: serve-crash\nspec: §2.1b\nargumentStyle: opencode-core\nprompt: Crash.\nturns:\n  - calls:\n      - tool: bash\n        input: {command: ${JSON.stringify(crash)}}\n  - text: Done.\n`,
      );
      const files = [join(work, "serve-hang.yaml"), join(work, "serve-crash.yaml"), `${repoRoot}/fixtures/scenarios/bash-echo.yaml`];
      const timeoutMs = 45000;
      const run = await runGate(coreGateArgs("openai-chat", work, timeoutMs, files), { OPENCODE_BIN: binary! });
      const outcomes = readGateOutcomes(join(work, "openai-chat.json"));
      const detail = `${run.stdout}\n${run.stderr}`;
      expect(
        outcomes.map((outcome) => [outcome.id, outcome.status]),
        detail,
      ).toEqual([
        ["serve-hang/openai-chat/call_1_1", "timeout"],
        ["serve-crash/openai-chat/call_1_1", "crash"],
        ["bash-echo/openai-chat/call_1_1", "pass"],
      ]);
      expect(outcomes[0]!.message).toBe(`the agent was killed after ${timeoutMs} ms before sending the result of call call_1_1 bash {"command":"sleep ${marker}","timeout":600000}`);
      expect(outcomes[1]!.message).toMatch(/^the agent ended \(exit 1\) without sending the result of call call_1_1 bash /);
      expect(outcomes[1]!.message).toContain("opencode serve exited (SIGKILL)");
      expect(processesWith(marker)).toEqual([]);
      expect(run.code, detail).toBe(1);
    },
    10 * 60 * 1000,
  );
});
