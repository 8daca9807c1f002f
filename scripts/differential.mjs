#!/usr/bin/env node
// Seeded differential campaign (issue 19 part 3, issue 26 item 6): generates scenarios from a seed
// with the profile's call vocabulary (src/profiles/<id>/differential-vocabulary.ts), runs them
// through `correx gate` against the real agent binary (opencode 1.18.33 for opencode-cli and
// opencode-core, Claude Code 2.1.332 for claude-code, Codex CLI 0.171.0 for codex-cli, Gemini CLI 0.61.0 for gemini-cli), and prints agreement per tool and every
// disagreement at its first differing byte.
//
//   npm run build && npm run differential -- --profile opencode-cli --seed 1 --calls 1000 [--protocol openai-chat]
//
// Options: --profile opencode-cli|opencode-core|claude-code|codex-cli|gemini-cli, --seed N (0 … 2^32−1), --calls N, --protocol X
// (repeatable; default openai-chat for opencode-cli, anthropic-messages for opencode-core and
// claude-code, which speaks nothing else; codex-cli speaks openai-responses only, gemini-cli google-gemini only),
// --calls-per-scenario N (default 25), --out DIR (scenarios and reports; default a new temp dir),
// --keep (keep the gate's run directories), --timeout MS (per scenario, default 300000),
// --jobs N (scenarios run at once by the gate), --shard i/n (the gate's --shard: this job's share of
// the scenario runs, for a CI matrix; its json reports merge with `correx merge-reports`), --only-generate.
// The gate runs from a private copy of dist/ taken at the start (a rebuild meanwhile cannot break a long
// campaign). The binary: $OPENCODE_BIN, $CLAUDE_BIN, $CODEX_BIN or $GEMINI_JS, else the copy .ci/run installs. Inside a loopback-only
// network namespace (unshare -n, lo up) when running as root.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const usage =
  "usage: npm run differential -- --profile opencode-cli|opencode-core|claude-code|codex-cli|gemini-cli --seed N --calls N [--protocol X]… [--calls-per-scenario N] [--jobs N] [--shard i/n] [--out DIR] [--keep] [--timeout MS] [--only-generate]";

function fail(message) {
  process.stderr.write(`differential: ${message}\n${usage}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { protocols: [], keep: false, onlyGenerate: false, callsPerScenario: 25, timeout: 300000, jobs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${arg} needs a value`));
    const integer = (text, name, max = 2 ** 31 - 1) =>
      /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : fail(`${name} must be an integer from 1 to ${max}, got ${JSON.stringify(text)}`);
    if (arg === "--profile") options.profile = value();
    else if (arg === "--seed") options.seedText = value();
    else if (arg === "--calls") options.calls = integer(value(), "--calls", 100000);
    else if (arg === "--calls-per-scenario") options.callsPerScenario = integer(value(), "--calls-per-scenario", 200);
    else if (arg === "--protocol") options.protocols.push(value());
    else if (arg === "--out") options.out = resolve(value());
    else if (arg === "--timeout") options.timeout = integer(value(), "--timeout");
    else if (arg === "--jobs") options.jobs = integer(value(), "--jobs", 64);
    else if (arg === "--shard") {
      const text = value();
      const match = /^(\d+)\/(\d+)$/.exec(text);
      if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) fail(`--shard must be i/n with 1 ≤ i ≤ n, got ${JSON.stringify(text)}`);
      options.shard = text;
    } else if (arg === "--keep") options.keep = true;
    else if (arg === "--only-generate") options.onlyGenerate = true;
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    } else fail(`unknown argument ${JSON.stringify(arg)}`);
  }
  const only = { "claude-code": "anthropic-messages", "codex-cli": "openai-responses", "gemini-cli": "google-gemini" };
  if (!["opencode-cli", "opencode-core", ...Object.keys(only)].includes(options.profile))
    fail(`--profile must be opencode-cli, opencode-core, claude-code, codex-cli or gemini-cli, got ${JSON.stringify(options.profile)}`);
  if (options.seedText === undefined) fail("--seed is required");
  if (options.calls === undefined) fail("--calls is required");
  if (options.protocols.length === 0) options.protocols.push(options.profile === "opencode-cli" ? "openai-chat" : (only[options.profile] ?? "anthropic-messages"));
  const spoken = only[options.profile];
  if (spoken && options.protocols.some((protocol) => protocol !== spoken)) fail(`${options.profile} speaks ${spoken} only`);
  return options;
}

const options = parseArgs(process.argv.slice(2));
const built = join(root, "dist/differential/differential-scenarios.js");
if (!existsSync(built)) fail("dist/differential is missing: run `npm run build` first");
const { generateDifferentialScenarios } = await import(built);
const { differentialScenarioYaml } = await import(join(root, "dist/differential/differential-scenario-yaml.js"));
const { parseSeed } = await import(join(root, "dist/differential/seeded-random.js"));
const seed = parseSeed(options.seedText);
if (seed === null) fail(`--seed must be an integer from 0 to 4294967295, got ${JSON.stringify(options.seedText)}`);

const codexVendored = "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex";
/** Each profile's binary (the variable naming it, then the copies .ci/run or a plain install leave), what installs it, and its driver. */
const opencodeBinaries = [
  process.env.OPENCODE_BIN,
  join(root, "node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode"),
  join(root, "node_modules/opencode-linux-x64/bin/opencode"),
];
const opencodeMissing = "the opencode 1.18.33 binary is not installed (set OPENCODE_BIN; .ci/run installs opencode-ai@1.18.33)";
const agents = {
  "claude-code": {
    binaries: [process.env.CLAUDE_BIN, join(root, "node_modules/.cache/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")],
    missing: "the Claude Code 2.1.332 binary is not installed (set CLAUDE_BIN; .ci/run installs @anthropic-ai/claude-code@2.1.332)",
    agent: (binary) => ({ model: "claude-opus-5-5", command: ["sh", join(root, "examples/agents/claude-code.sh")], env: { CLAUDE_BIN: binary } }),
  },
  "codex-cli": {
    binaries: [process.env.CODEX_BIN, join(root, "node_modules/.cache/correx-codex", codexVendored), join(root, codexVendored)],
    missing: "the Codex CLI 0.171.0 binary is not installed (set CODEX_BIN; .ci/run installs @openai/codex@0.171.0)",
    // Its run directories not under the temp dir: Codex refuses to create its helper binaries in a CODEX_HOME there.
    agent: (binary) => ({
      model: "gpt-5.5",
      template: join(root, "examples/agents/codex-config.toml.template"),
      command: ["sh", join(root, "examples/agents/codex-exec.sh")],
      env: { CODEX_BIN: binary },
      workUnderCache: true,
    }),
  },
  "gemini-cli": {
    binaries: [process.env.GEMINI_JS, join(root, "node_modules/.cache/correx-gemini/node_modules/@google/gemini-cli/bundle/gemini.js")],
    missing: "the Gemini CLI 0.61.0 bundle is not installed (set GEMINI_JS; .ci/run installs @google/gemini-cli@0.61.0)",
    agent: (binary) => ({
      model: "gemini-2.5-pro",
      template: join(root, "examples/agents/gemini-settings.json.template"),
      command: ["sh", join(root, "examples/agents/gemini-cli.sh")],
      env: { GEMINI_JS: binary },
    }),
  },
  "opencode-cli": {
    binaries: opencodeBinaries,
    missing: opencodeMissing,
    agent: (binary) => ({ template: join(root, "examples/agents/opencode.json.template"), command: ["sh", join(root, "examples/agents/opencode-run.sh")], env: { OPENCODE_BIN: binary } }),
  },
  "opencode-core": {
    binaries: opencodeBinaries,
    missing: opencodeMissing,
    agent: (binary) => ({
      template: join(root, "examples/agents/opencode-serve.json.template"),
      command: [process.execPath, join(root, "examples/agents/opencode-serve.mjs")],
      env: { OPENCODE_BIN: binary },
    }),
  },
};
const chosen = agents[options.profile];
const binary = chosen.binaries.find((path) => path && existsSync(path));
// Said before anything is made: a run that cannot start leaves no folder behind.
if (!binary && !options.onlyGenerate) fail(chosen.missing);

const out = options.out ?? mkdtempSync(join(tmpdir(), "correx-differential-"));
mkdirSync(join(out, "scenarios"), { recursive: true });
const scenarios = generateDifferentialScenarios({ profile: options.profile, seed, calls: options.calls, callsPerScenario: options.callsPerScenario });
const files = scenarios.map((scenario) => {
  const file = join(out, "scenarios", `${scenario.name}.yaml`);
  writeFileSync(file, differentialScenarioYaml(scenario));
  return file;
});
/** scenario name → call id → {tool, input}; ids are call_<turn>_<n> (toolu_ on anthropic-messages). */
const callsById = new Map();
for (const scenario of scenarios) {
  const byId = new Map();
  scenario.turns.forEach((turn, turnIndex) => (turn.calls ?? []).forEach((call, callIndex) => byId.set(`${turnIndex + 1}_${callIndex + 1}`, call)));
  callsById.set(scenario.name, byId);
}
process.stderr.write(`differential: ${scenarios.length} scenarios, ${options.calls} calls (seed ${seed}, ${options.profile}) in ${out}/scenarios\n`);
if (options.onlyGenerate) process.exit(0);
const agent = chosen.agent(binary);

const isolate = process.getuid?.() === 0 && existsSync("/usr/bin/unshare");
const quote = (arg) => `'${arg.replace(/'/g, `'\\''`)}'`;

// A private copy of the built CLI under node_modules/.cache (bare imports still resolve from the repository's node_modules).
const snapshot = join(root, "node_modules/.cache", `correx-differential-${process.pid}`);
cpSync(join(root, "dist"), join(snapshot, "dist"), { recursive: true });
cpSync(join(root, "package.json"), join(snapshot, "package.json"));
for (const folder of ["schemas", "fixtures", "golden", "examples"]) symlinkSync(join(root, folder), join(snapshot, folder));
process.on("exit", () => rmSync(snapshot, { recursive: true, force: true }));

/** A protocol's json report (one per shard: the shards of a matrix merge with `correx merge-reports`). */
const reportFile = (protocol) => join(out, options.shard ? `${protocol}.shard-${options.shard.replace("/", "-of-")}.json` : `${protocol}.json`);

function runGate(protocol) {
  const args = [
    join(snapshot, "dist/cli/correx.js"),
    "gate",
    "--jobs",
    String(options.jobs),
    ...(options.shard ? ["--shard", options.shard] : []),
    "--profile",
    options.profile,
    "--protocol",
    protocol,
    ...(agent.template ? ["--config-template", agent.template] : []),
    ...(agent.model ? ["--model", agent.model] : []),
    "--timeout",
    String(options.timeout),
    "--reporter",
    `json=${reportFile(protocol)}`,
    ...(options.keep ? ["--keep", "--work-dir", join(out, `runs-${protocol}`)] : agent.workUnderCache ? ["--work-dir", join(snapshot, `runs-${protocol}`)] : []),
    ...files.flatMap((file) => ["--scenario", file]),
    "--",
    ...agent.command,
  ];
  const argv = [process.execPath, ...args];
  const [file, ...rest] = isolate ? ["unshare", "-n", "sh", "-c", `ip link set lo up && exec ${argv.map(quote).join(" ")}`] : argv;
  return new Promise((done) => {
    const child = spawn(file, rest, { cwd: root, env: { ...process.env, ...agent.env, CI: undefined, GITHUB_ACTIONS: undefined }, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("close", (code) => done(code));
  });
}

const statuses = ["pass", "fail", "unsupported", "crash", "timeout", "xfail"];
let disagreements = 0;
let total = 0;
let passed = 0;
for (const protocol of options.protocols) {
  const started = Date.now();
  const code = await runGate(protocol);
  const report = reportFile(protocol);
  if (!existsSync(report)) fail(`correx gate (exit ${code}) wrote no report for ${protocol}`);
  const cases = readFileSync(report, "utf8")
    .split("\n")
    .filter((line) => line.startsWith('{"type":"case"'))
    .map((line) => JSON.parse(line));
  const perTool = new Map();
  const bad = [];
  for (const outcome of cases) {
    const [scenarioName, , callId] = outcome.id.split("/");
    const call = callsById.get(scenarioName)?.get(callId.replace(/^[a-z]+_/, ""));
    const tool = call?.tool ?? outcome.area ?? "?";
    const row = perTool.get(tool) ?? Object.fromEntries(statuses.map((status) => [status, 0]));
    row[outcome.status] = (row[outcome.status] ?? 0) + 1;
    perTool.set(tool, row);
    if (outcome.status !== "pass") bad.push({ outcome, call });
  }
  const protocolPassed = cases.filter((outcome) => outcome.status === "pass").length;
  total += cases.length;
  passed += protocolPassed;
  disagreements += bad.length;
  const lines = [
    `\n${options.profile} × ${protocol}, seed ${seed}${options.shard ? `, shard ${options.shard}` : ""}: ${protocolPassed}/${cases.length} calls agree (${((100 * protocolPassed) / Math.max(1, cases.length)).toFixed(2)} %), gate exit ${code}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ];
  lines.push(`${"tool".padEnd(12)} ${"calls".padStart(6)} ${statuses.map((status) => status.padStart(11)).join(" ")}  agreement`);
  for (const [tool, row] of [...perTool].sort(([a], [b]) => a.localeCompare(b))) {
    const count = statuses.reduce((sum, status) => sum + row[status], 0);
    lines.push(`${tool.padEnd(12)} ${String(count).padStart(6)} ${statuses.map((status) => String(row[status]).padStart(11)).join(" ")}  ${((100 * row.pass) / count).toFixed(1)} %`);
  }
  for (const { outcome, call } of bad) {
    lines.push(`\n${outcome.status.toUpperCase()} ${outcome.id} ${call ? `${call.tool} ${JSON.stringify(call.input ?? call.text).slice(0, 300)}` : ""}`);
    lines.push(`  ${outcome.message ?? "(no message)"}`);
  }
  const text = lines.join("\n") + "\n";
  process.stdout.write(text);
  writeFileSync(join(out, `${protocol}.summary.txt`), text);
}
process.stdout.write(`\ntotal: ${passed}/${total} calls agree (${((100 * passed) / Math.max(1, total)).toFixed(2)} %); reports in ${out}\n`);
process.exitCode = disagreements === 0 ? 0 : 1;
