// bench/gate-jobs: what `correx gate --jobs N` buys, and what the gate itself costs.
//
// 1. Scaling: the same opencode-cli scenarios against correx's reference agent
//    (examples/agents/reference-agent.mjs), through the built CLI, with --jobs 1 and --jobs 2,
//    alternated; scenarios per minute of each and their ratio (target on 2 cores: ≥ 1.6×).
// 2. Overhead: the gate's own time per scenario (everything but the agent process: workspace,
//    fake server, request capture, the profile's replay, comparison) as a share of the scenario's
//    wall time, against the real opencode binary when it is installed (target < 10 %), and against
//    the reference agent. Measured in-process with runGate at --jobs 1: the wall time between
//    one scenario's end and the next, minus the agent process's own duration.
//
// Run after `npm run build`: node bench/gate-jobs.mjs [--rounds N] [--copies N] [--no-opencode]
// The real binary should reach nothing but loopback:
//   unshare -n sh -c 'ip link set lo up && node bench/gate-jobs.mjs'
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fmt, median } from "./bench-support.mjs";
import { machineScaling } from "./machine-scaling.mjs";

const repo = new URL("../", import.meta.url).pathname;
// the bin, as `npx correx` runs it (it runs the CommonJS bundle of the CLI: scripts/bundle-cli.mjs)
const cli = join(repo, "dist/cli/correx.cjs");
const argv = process.argv.slice(2);
const rounds = Number(argv[argv.indexOf("--rounds") + 1]) || 3;
// A campaign, not a handful: `--copies` (default 4) copies of eight scenarios, each copy under its
// own name (the gate runs a scenario name once), so that the rows measure scenarios per minute
// while both job slots are busy, not the gate's start and the last scenario that runs alone.
const copies = Number(argv[argv.indexOf("--copies") + 1]) || 4;
const baseNames = ["bash-echo", "bash-no-output", "bash-workdir", "read-small", "read-png", "write-overwrite", "unknown-tool", "invalid-arguments"];
const campaign = mkdtempSync(join(tmpdir(), "correx-bench-campaign-"));
process.on("exit", () => rmSync(campaign, { recursive: true, force: true }));
const scenarioNames = [];
for (let copy = 1; copy <= copies; copy++) {
  for (const name of baseNames) {
    const text = readFileSync(join(repo, "fixtures/scenarios", `${name}.yaml`), "utf8");
    if (!/^name: .*$/m.test(text)) throw new Error(`fixtures/scenarios/${name}.yaml has no top-level name line`);
    writeFileSync(join(campaign, `${name}-${copy}.yaml`), text.replace(/^name: .*$/m, `name: ${name}-${copy}`));
    scenarioNames.push(`${name}-${copy}`);
  }
}
const scenarioArgs = scenarioNames.flatMap((name) => ["--scenario", join(campaign, `${name}.yaml`)]);
const load = () => loadavg()[0].toFixed(1);

console.log(`bench/gate-jobs (node ${process.version}, load average ${load()} at the start)`);

/** CPU seconds of this process's reaped children so far (Linux: /proc/self/stat cutime + cstime, in clock ticks of 1/100 s). */
function childrenCpuSeconds() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const gateArgs = (jobs, scenarios, extra = []) => [
  cli,
  "gate",
  "--profile",
  "opencode-cli",
  "--protocol",
  "openai-chat",
  "--jobs",
  String(jobs),
  ...extra,
  "--reporter",
  "json=/dev/null",
  ...scenarios,
  "--",
  "node",
  join(repo, "examples/agents/reference-agent.mjs"),
];

const cpu = { 1: [], 2: [] };
function gateWall(jobs, extra = []) {
  const cpuBefore = childrenCpuSeconds();
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, gateArgs(jobs, scenarioArgs, extra), { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`gate --jobs ${jobs} ${extra.join(" ")} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  if (extra.length === 0) cpu[jobs].push(childrenCpuSeconds() - cpuBefore);
  return ms;
}

/**
 * The machine's own ceiling, the simplest way to use two cores: two separate `--jobs 1` gates at
 * once, each with half the scenarios (nothing shared between them). Two processes at once on two
 * cores each run slower than one alone (shared caches and memory bandwidth, the host's scheduling),
 * so this, not 2×, is what `--jobs 2` can be held to here.
 */
async function sideBySideWall() {
  const half = scenarioArgs.length / 2 - ((scenarioArgs.length / 2) % 2);
  const started = process.hrtime.bigint();
  await Promise.all(
    [scenarioArgs.slice(0, half), scenarioArgs.slice(half)].map(
      (scenarios) =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, gateArgs(1, scenarios), { stdio: ["ignore", "ignore", "pipe"] });
          let stderr = "";
          child.stderr.on("data", (chunk) => (stderr += chunk));
          child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`a side-by-side gate exited ${code}: ${stderr.slice(-2000)}`))));
        }),
    ),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const walls = { 1: [], 2: [], side: [], unconfined1: [], unconfined2: [] };
for (let round = 0; round < rounds; round++) {
  walls[1].push(gateWall(1));
  walls[2].push(gateWall(2));
  walls.side.push(await sideBySideWall());
  walls.unconfined1.push(gateWall(1, ["--unconfined-replay"]));
  walls.unconfined2.push(gateWall(2, ["--unconfined-replay"]));
}
const perMinute = (ms) => (scenarioNames.length * 60000) / ms;
const one = perMinute(median(walls[1]));
const two = perMinute(median(walls[2]));
console.log(
  `  ${scenarioNames.length} scenarios (${copies} copies of ${baseNames.length}) × reference agent, median of ${rounds}: --jobs 1 ${fmt(median(walls[1]))} (${one.toFixed(1)} scenarios/min), --jobs 2 ${fmt(median(walls[2]))} (${two.toFixed(1)} scenarios/min)`,
);
console.log(`  --jobs 2 vs --jobs 1: ${(two / one).toFixed(2)}× the scenarios per minute (target ≥ 1.6×: ${two / one >= 1.6 ? "met" : "NOT met"}; load average now ${load()})`);
const side = perMinute(median(walls.side));
console.log(
  `  two --jobs 1 gates side by side, ${scenarioNames.length / 2} scenarios each (the machine's ceiling for two cores): ${fmt(median(walls.side))} (${side.toFixed(1)} scenarios/min) = ${(side / one).toFixed(2)}× --jobs 1; --jobs 2 reaches ${((two / side) * 100).toFixed(0)} % of it`,
);
/**
 * The agent alone, with no gate: the same 32 runs of the reference agent, each against a fake
 * provider that plays its scenario (`correx serve`, one per scenario, started once), in a fresh
 * copy of the scenario's workspace, one after the other and in two loops at once. No workspace
 * check, replay, sandbox or comparison: what two cores buy for the agents' own work here. For
 * --jobs 2 to buy more than that, the gate's own work would have to scale better than the agents'.
 * Returns { one, two }: wall times in ms.
 */
async function agentAloneWalls() {
  const { loadScenario } = await import(join(repo, "dist/scenario/load-scenario.js"));
  const { writeScenarioWorkspace } = await import(join(repo, "dist/scenario/write-scenario-workspace.js"));
  const root = mkdtempSync(join(tmpdir(), "correx-bench-agent-alone-"));
  const servers = [];
  const stopServers = () => {
    for (const server of servers) server.kill();
  };
  process.on("exit", stopServers);
  try {
    const runs = [];
    for (const name of baseNames) {
      const file = join(repo, "fixtures/scenarios", `${name}.yaml`);
      const scenario = await loadScenario(file);
      const workspace = join(root, name, "workspace");
      const server = spawn(process.execPath, [cli, "serve", "--protocol", "openai-chat", "--profile", "opencode-cli", "--scenario", file], { stdio: ["ignore", "pipe", "inherit"] });
      servers.push(server);
      const url = await new Promise((resolve, reject) => {
        let out = "";
        server.stdout.on("data", (chunk) => {
          out += chunk;
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (match) resolve(match[0]);
        });
        server.on("close", (code) => reject(new Error(`correx serve for ${name} exited ${code}`)));
      });
      runs.push({ name, scenario, workspace, url });
    }
    const runAgent = async ({ name, scenario, workspace, url }, lane) => {
      const laneWorkspace = `${workspace}-${lane}`;
      rmSync(laneWorkspace, { recursive: true, force: true });
      await writeScenarioWorkspace(scenario, laneWorkspace);
      const runDirectory = join(root, name, `run-${lane}`);
      rmSync(runDirectory, { recursive: true, force: true });
      await new Promise((resolve, reject) => {
        const env = {
          ...process.env,
          PWD: laneWorkspace,
          CORREX_BASE_URL: url,
          CORREX_MODEL: "correx-fake-chat",
          CORREX_WORKSPACE: laneWorkspace,
          CORREX_PROMPT: scenario.prompt,
          CORREX_RUN_DIR: runDirectory,
          CORREX_PROTOCOL: "openai-chat",
        };
        const child = spawn("node", [join(repo, "examples/agents/reference-agent.mjs")], { cwd: laneWorkspace, env, stdio: ["ignore", "ignore", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += chunk));
        child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`the reference agent on ${name} exited ${code}: ${stderr.slice(-500)}`))));
      });
    };
    // (the campaign's calls give relative paths, so one fake per scenario serves every lane's copy)
    const loop = async (count, lane) => {
      for (let index = 0; index < count; index++) await runAgent(runs[index % runs.length], lane);
    };
    const total = scenarioNames.length;
    await loop(runs.length, "warm");
    const walls = { one: [], two: [] };
    for (let round = 0; round < rounds; round++) {
      let started = process.hrtime.bigint();
      await loop(total, "a");
      walls.one.push(Number(process.hrtime.bigint() - started) / 1e6);
      started = process.hrtime.bigint();
      await Promise.all([loop(total / 2, "a"), loop(total / 2, "b")]);
      walls.two.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return walls;
  } finally {
    stopServers();
    process.off("exit", stopServers);
    rmSync(root, { recursive: true, force: true });
  }
}

const alone = await agentAloneWalls();
const aloneRatio = median(alone.one) / median(alone.two);
console.log(
  `  the agent alone, no gate (the same ${scenarioNames.length} runs against correx serve, one loop vs two at once, median of ${rounds}): ${fmt(median(alone.one))} vs ${fmt(median(alone.two))} = ${aloneRatio.toFixed(2)}×; --jobs 2 reaches ${((two / one / aloneRatio) * 100).toFixed(0)} % of it`,
);
// Where it goes: the same runs with the scripted calls replayed on the machine (--unconfined-replay)
// instead of in a sandbox of their own (new mount, PID and network namespaces, an overlay of every
// mount, a node process in it: src/sandbox/start-sandbox.ts), which is the kernel's work that two
// jobs at once slow each other on.
const unconfined = (jobs) => perMinute(median(walls[`unconfined${jobs}`]));
console.log(
  `  the same with --unconfined-replay (no sandbox per replay): --jobs 1 ${fmt(median(walls.unconfined1))} (${unconfined(1).toFixed(1)} scenarios/min), --jobs 2 ${fmt(median(walls.unconfined2))} (${unconfined(2).toFixed(1)} scenarios/min) = ${(unconfined(2) / unconfined(1)).toFixed(2)}×; the sandbox takes ${(((median(walls[1]) - median(walls.unconfined1)) / median(walls[1])) * 100).toFixed(0)} % of a --jobs 1 run`,
);
// What bounds it: the CPU a run takes (the gate, its sandboxes and the agents, all its children)
// over its wall time is how many cores it keeps busy; once --jobs 2 keeps every core busy, it can
// go no faster, so cores ÷ (cores busy at --jobs 1) is the most --jobs 2 can buy on this machine.
const cores = availableParallelism();
const busy = (jobs) => median(cpu[jobs]) / (median(walls[jobs]) / 1000);
console.log(
  `  cores kept busy (CPU of the gate and its children ÷ wall): --jobs 1 ${busy(1).toFixed(2)}, --jobs 2 ${busy(2).toFixed(2)} of ${cores}; so --jobs 2 can buy at most ${(cores / busy(1)).toFixed(2)}× here, and bought ${((two / one / (cores / busy(1))) * 100).toFixed(0)} % of that`,
);

// Why the ceiling is where it is: each kind of work a scenario does, two loops at once against one
// alone on this machine (bench/machine-scaling.mjs). Where process starts do not scale, neither do
// the agents, sandboxes and node workers a campaign starts by the dozen.
const machine = await machineScaling();
console.log(`  this machine, two loops at once vs one alone: ${machine.map((row) => `${row.kind} ${row.ratio.toFixed(2)}×`).join(", ")} (load average now ${load()})`);

/** Per-scenario gate overhead of an in-process --jobs 1 run: [{ name, wallMs, agentMs }]. */
async function overhead({ profileId, protocol, names, command, configTemplate, env, timeoutMs }) {
  const { runGate } = await import(join(repo, "dist/gate/gate-run.js"));
  const { loadScenario } = await import(join(repo, "dist/scenario/load-scenario.js"));
  const { findProfile } = await import(join(repo, "dist/profiles/profile-registry.js"));
  const { fakeModels } = await import(join(repo, "dist/fake/fake-models.js"));
  const scenarios = [];
  for (const name of names) scenarios.push(await loadScenario(join(repo, "fixtures/scenarios", `${name}.yaml`)));
  const workRoot = mkdtempSync(join(tmpdir(), "correx-bench-gate-"));
  const rows = [];
  let mark = performance.now();
  try {
    const run = await runGate({
      profile: findProfile(profileId),
      protocol,
      scenarios,
      command,
      configTemplate: configTemplate ? { text: readFileSync(configTemplate, "utf8"), name: "opencode.json" } : undefined,
      model: fakeModels[protocol],
      workRoot,
      timeoutMs,
      env,
      jobs: 1,
      onScenario: (scenario, scenarioRun) => {
        const now = performance.now();
        rows.push({ name: scenario.name, wallMs: now - mark, agentMs: scenarioRun.exit.durationMs, statuses: scenarioRun.outcomes.map((outcome) => outcome.status) });
        mark = now;
      },
    });
    void run;
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }
  return rows;
}

/** The per-scenario lines and their sum; `target` (a share) only where one is set: the real agent's runs. */
function printOverhead(label, rows, target) {
  for (const row of rows) {
    const share = (row.wallMs - row.agentMs) / row.wallMs;
    console.log(
      `    ${row.name}: ${fmt(row.wallMs)} wall, agent ${fmt(row.agentMs)}, gate ${fmt(row.wallMs - row.agentMs)} = ${(share * 100).toFixed(1)} %${row.statuses.every((status) => status === "pass") ? "" : ` (outcomes: ${row.statuses.join(", ")})`}`,
    );
  }
  const wall = rows.reduce((sum, row) => sum + row.wallMs, 0);
  const agent = rows.reduce((sum, row) => sum + row.agentMs, 0);
  const worst = Math.max(...rows.map((row) => (row.wallMs - row.agentMs) / row.wallMs));
  console.log(
    `  ${label}: gate overhead ${(((wall - agent) / wall) * 100).toFixed(1)} % of the scenarios' wall time (worst scenario ${(worst * 100).toFixed(1)} %${target === undefined ? "" : `; target < ${target * 100} %: ${worst < target ? "met" : "NOT met"}`}; load average now ${load()})`,
  );
}

const reference = await overhead({
  profileId: "opencode-cli",
  protocol: "openai-chat",
  names: baseNames.slice(0, 4),
  command: ["node", join(repo, "examples/agents/reference-agent.mjs")],
  timeoutMs: 60000,
});
console.log("  overhead against the reference agent (a fast agent: the share is the largest it gets):");
// no target here: a 0.3 s agent makes the gate's fixed cost per scenario (mostly its replay sandbox) look large
printOverhead("reference agent", reference);

const binary = process.env.OPENCODE_BIN ?? join(repo, "node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode");
if (argv.includes("--no-opencode")) console.log("  real opencode: skipped (--no-opencode)");
else if (!existsSync(binary)) console.log(`  real opencode: skipped (no binary at ${binary}; .ci/run installs it)`);
else {
  console.log(`  overhead against the real opencode 1.18.33 (${binary}):`);
  const rows = await overhead({
    profileId: "opencode-cli",
    protocol: "openai-chat",
    names: ["bash-echo", "read-small", "write-overwrite"],
    command: ["sh", join(repo, "examples/agents/opencode-run.sh")],
    configTemplate: join(repo, "examples/agents/opencode.json.template"),
    env: { OPENCODE_BIN: binary },
    timeoutMs: 120000,
  });
  printOverhead("real opencode", rows, 0.1);
}
