import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cliPath, repoRoot } from "./run-cli.js";

/** Where the opencode 1.18.33 binary may be: $OPENCODE_BIN, .ci/run's prefix, or a plain npm install. */
export function findOpencodeBinary(): string | null {
  const candidates = [
    process.env.OPENCODE_BIN,
    `${repoRoot}/node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode`,
    `${repoRoot}/node_modules/opencode-linux-x64/bin/opencode`,
  ];
  return candidates.find((path): path is string => path !== undefined && existsSync(path)) ?? null;
}

/**
 * The argv that runs `correx gate`: the built CLI's bin (dist/cli/correx.cjs, which runs the CLI's
 * CommonJS bundle and its command table for `gate`), else the built command module called directly.
 */
export function gateArgv(args: readonly string[]): string[] {
  const hasGate = existsSync(cliPath) && existsSync(`${repoRoot}/dist/cli/correx.js`) && readFileSync(`${repoRoot}/dist/cli/correx.js`, "utf8").includes("gate-command");
  if (hasGate) return [process.execPath, cliPath, "gate", ...args];
  const module = `${repoRoot}/dist/cli/commands/gate-command.js`;
  const script = `const m = await import(${JSON.stringify(module)}); process.exitCode = await m.gateCommand(process.argv.slice(1), { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) });`;
  return [process.execPath, "--input-type=module", "-e", script, "--", ...args];
}

/** Whether a loopback-only network namespace can be made here (root with unshare and ip). */
export function canIsolateNetwork(): boolean {
  return process.getuid?.() === 0 && existsSync("/usr/bin/unshare") && (existsSync("/usr/sbin/ip") || existsSync("/sbin/ip") || existsSync("/usr/bin/ip"));
}

const shellQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `correx gate` with `args` (asynchronously, so several can run at once), inside a
 * loopback-only network namespace when the machine allows it: the fake server and the agent then
 * share a namespace in which nothing but 127.0.0.1 exists.
 */
export function runGate(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = gateArgv(args);
  const [file, ...rest] = canIsolateNetwork() ? ["unshare", "-n", "sh", "-c", `ip link set lo up && exec ${argv.map(shellQuote).join(" ")}`] : argv;
  return new Promise((resolve) => {
    const child = spawn(file!, rest, { cwd: repoRoot, env: { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The opencode 1.18.33 binary for the real-binary gate tests, and why they cannot run here (no
 * binary, or no ripgrep; printed once with the test file's name), null when they can.
 */
export async function realAgent(testFile: string): Promise<{ binary: string | null; skipReason: string | null }> {
  const { ripgrepAvailable } = await import("../../src/environment/ripgrep-available.js");
  const binary = findOpencodeBinary();
  const skipReason = !binary
    ? "the opencode 1.18.33 binary is not installed (.ci/run installs opencode-ai@1.18.33 from npm)"
    : !(await ripgrepAvailable())
      ? "ripgrep (rg) is not installed (.ci/run installs Debian's ripgrep)"
      : null;
  if (skipReason) console.warn(`${testFile} skipped: ${skipReason}`);
  return { binary, skipReason };
}

/** A case line of a gate run's json report. */
export interface GateOutcome {
  id: string;
  status: string;
  message?: string;
}

/** The case lines of a gate run's json report file. */
export function readGateOutcomes(file: string): GateOutcome[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith('{"type":"case"'))
    .map((line) => JSON.parse(line) as GateOutcome);
}

/** How many scenarios (the first id segment) have every one of their calls passing. */
export function greenScenarioCount(outcomes: readonly GateOutcome[]): number {
  const byScenario = new Map<string, string[]>();
  for (const outcome of outcomes) {
    const scenario = outcome.id.split("/")[0]!;
    byScenario.set(scenario, [...(byScenario.get(scenario) ?? []), outcome.status]);
  }
  return [...byScenario.values()].filter((statuses) => statuses.every((status) => status === "pass")).length;
}

/** `correx gate` arguments for one protocol's run of scenario files, reporting json into `work`. */
export function gateArgs(options: {
  profile: string;
  protocol: string;
  configTemplate: string;
  timeoutMs: number;
  work: string;
  scenarioFiles: readonly string[];
  agent: readonly string[];
}): string[] {
  const { profile, protocol, configTemplate, timeoutMs, work, scenarioFiles, agent } = options;
  return [
    "--profile",
    profile,
    "--protocol",
    protocol,
    "--config-template",
    configTemplate,
    "--timeout",
    String(timeoutMs),
    "--work-dir",
    `${work}/${protocol}`,
    "--reporter",
    "pretty",
    "--reporter",
    `json=${work}/${protocol}.json`,
    ...scenarioFiles.flatMap((file) => ["--scenario", file]),
    "--",
    ...agent,
  ];
}

/**
 * Runs `scenarios` (names under fixtures/scenarios) in `groups` gate processes at once, round-robin,
 * each with `args` (profile, protocol, model, template, timeout…), its own work dir and json report,
 * then `--` and `agent`; asserts every tool result of every group passed and every gate exited 0,
 * and returns all outcomes. The real-binary suites of the agent profiles share it.
 */
export async function runGateGroups(options: {
  work: string;
  scenarios: readonly string[];
  groups: number;
  args: readonly string[];
  agent: readonly string[];
  env: Record<string, string>;
}): Promise<GateOutcome[]> {
  const { expect } = await import("vitest");
  const groups = Array.from({ length: options.groups }, (_, group) => options.scenarios.filter((_name, index) => index % options.groups === group));
  const runs = await Promise.all(
    groups.map((names, group) =>
      runGate(
        [
          ...options.args,
          "--work-dir",
          `${options.work}/group-${group}`,
          "--reporter",
          "pretty",
          "--reporter",
          `json=${options.work}/group-${group}.json`,
          ...names.flatMap((name) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`]),
          "--",
          ...options.agent,
        ],
        options.env,
      ),
    ),
  );
  const outcomes: GateOutcome[] = [];
  runs.forEach((run, group) => {
    const groupOutcomes = readGateOutcomes(`${options.work}/group-${group}.json`);
    outcomes.push(...groupOutcomes);
    const bad = groupOutcomes.filter((outcome) => outcome.status !== "pass");
    expect(bad, `group ${group}:\n${run.stdout}\n${run.stderr}`).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });
  return outcomes;
}
