// scripts/hostile-probe: a hostile run of the built CLI from an empty project (issue 24's closing
// figures). Every bad input must end in exit 2 with one line on stderr (no stack trace) and nothing
// on stdout; every kill of a gate run (SIGINT, SIGTERM, a second signal) must leave TMPDIR empty and
// no process of the agent behind; nothing may change in a canary folder beside the project.
//
// Run after `npm run build`: node scripts/hostile-probe.mjs [--kills N]. Linux, needs sh and sleep.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = new URL("../", import.meta.url).pathname;
const cli = join(repo, "dist/cli/correx.js");
const argv = process.argv.slice(2);
const kills = Number(argv.includes("--kills") ? argv[argv.indexOf("--kills") + 1] : "24");

const root = mkdtempSync(join(tmpdir(), "correx-hostile-"));
const project = join(root, "project");
const temp = join(root, "tmp");
const canary = join(root, "canary");
for (const dir of [project, temp, canary]) mkdirSync(dir);
writeFileSync(join(canary, "keep.txt"), "canary\n");
const env = { ...process.env, TMPDIR: temp, NO_COLOR: "1" };

/** Every path under a folder with its size and modification time: what "nothing changed" compares. */
const snapshot = (dir) => {
  const out = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      out.push(`${path} ${stat?.size} ${stat?.mtimeMs}`);
      if (stat?.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return out.sort().join("\n");
};
const canaryBefore = snapshot(canary);

const file = (name, content) => {
  const path = join(root, "inputs", name);
  mkdirSync(join(root, "inputs"), { recursive: true });
  writeFileSync(path, content);
  return path;
};
const scenario = (name, body) => file(`${name}.yaml`, `name: ${name}\nspec: "§2.1"\nprompt: "go"\n${body}`);
const turns = 'turns:\n  - calls:\n      - {tool: bash, input: {command: "echo hi"}}\n  - text: Done.\n';
const gate = (scenarioPath, ...extra) => ["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenarioPath, ...extra, "--", "sh", "-c", "exit 0"];

const loop = join(root, "inputs", "loop.yaml");
mkdirSync(join(root, "inputs"), { recursive: true });
symlinkSync(loop, loop);
const fileInsteadOfFolder = file("plain-file", "x");

const bad = [
  ["validate /dev/zero", ["validate", "--as", "scenario", "/dev/zero"]],
  ["validate a folder", ["validate", "--as", "scenario", root]],
  ["validate a missing file", ["validate", "--as", "scenario", join(root, "nope.yaml")]],
  ["validate a link loop", ["validate", "--as", "scenario", loop]],
  ["validate 100,000-deep JSON", ["validate", "--as", "scenario", file("deep.json", `${"[".repeat(100_000)}${"]".repeat(100_000)}`)]],
  ["validate a duplicate key", ["validate", "--as", "scenario", file("dup.json", '{"name":"a","name":"b"}')]],
  ["validate invalid UTF-8", ["validate", "--as", "scenario", file("latin1.yaml", Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0xff, 0x0a]))]],
  ["format --input @/dev/zero", ["format", "--profile", "opencode-cli", "--input", "@/dev/zero"]],
  ["format an unknown profile", ["format", "--profile", "nope", "--input", "{}"]],
  ["lower an unknown protocol", ["lower", "--profile", "codex-cli", "--protocol", "cohere"]],
  ["gate --config-template /dev/zero", gate(scenario("ok", turns), "--config-template", "/dev/zero")],
  ["gate: a workspace file named .", gate(scenario("dot", `workspace:\n  files: {".": "x"}\n${turns}`))],
  ["gate: a NUL in a file name", gate(scenario("nul", `workspace:\n  files: {"a\\0b": "x"}\n${turns}`))],
  ["gate: a 5,000-character name", gate(scenario("long", `workspace:\n  files: {"${"a".repeat(5000)}": "x"}\n${turns}`))],
  ["gate: a missing workspace folder", gate(scenario("missing", `workspace:\n  folder: nosuch\n${turns}`))],
  ["gate: 1 GB of generated content", gate(scenario("gig", `workspace:\n  files:\n    big: {$repeat: "x", count: 1000000000}\n${turns}`))],
  ["gate: timeoutSeconds 3000000", gate(scenario("slow", `timeoutSeconds: 3000000\n${turns}`))],
  ["gate: a NUL in the prompt", gate(file("nulprompt.yaml", `name: p\nspec: "§2.1"\nprompt: "a\\0b"\n${turns}`))],
  ["gate: a 100 MB prompt", gate(file("bigprompt.yaml", `name: p\nspec: "§2.1"\nprompt: "${"x".repeat(100 * 1024 * 1024)}"\n${turns}`))],
  ["gate: a scenario that is a link loop", gate(loop)],
  ["gate: a scenario that is /dev/zero", gate("/dev/zero")],
  ["gate --timeout 0", gate(scenario("t0", turns), "--timeout", "0")],
  ["gate --timeout 2147483648", gate(scenario("tbig", turns), "--timeout", "2147483648")],
  ["gate --work-dir naming a file", gate(scenario("wd", turns), "--work-dir", fileInsteadOfFolder)],
  ["check --case matching nothing", ["check", "--case", "opencode-cli/nothing/*"]],
  ["check --baseline /dev/zero", ["check", "--baseline", "/dev/zero"]],
  ["check --output-dir naming a file", ["check", "--output-dir", fileInsteadOfFolder]],
  ["serve --host 0.0.0.0", ["serve", "--protocol", "openai-chat", "--host", "0.0.0.0"]],
  ["serve an unknown protocol", ["serve", "--protocol", "cohere"]],
  ["merge-reports /dev/zero", ["merge-reports", "/dev/zero"]],
  ["preview a 100,000-deep result", ["preview", "--result", file("deep-result.json", `${"[".repeat(100_000)}${"]".repeat(100_000)}`)]],
  ["a flag typo", ["check", "--profiel", "codex-cli"]],
];

let refused = 0;
const wrong = [];
for (const [label, args] of bad) {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: "utf8", timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  const lines = run.stderr.split("\n").filter((line) => line !== "");
  const ok = run.status === 2 && lines.length === 1 && !/^\s+at /m.test(run.stderr) && run.stdout === "";
  if (ok) refused += 1;
  else wrong.push(`${label}: exit ${run.status ?? run.signal}, ${lines.length} stderr lines: ${run.stderr.slice(0, 300)}${run.stdout.slice(0, 200)}`);
}

// kills: a gate whose agent hangs and leaves a daemon (setsid, double fork), signalled at a random moment
const seconds = 4000 + (process.pid % 1000);
const marker = `sleep ${seconds}`;
const hang = scenario("hang", turns);
const agent = `(setsid ${marker} &); ${marker}`;
let survived = 0;
let whileRunning = 0;
const killFailures = [];
const signals = ["SIGINT", "SIGTERM", "SIGINT+SIGINT", "SIGTERM+SIGINT"];
for (let index = 0; index < kills; index += 1) {
  const plan = signals[index % signals.length];
  const child = spawn(process.execPath, [cli, "gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", hang, "--", "sh", "-c", agent], {
    cwd: project,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 5000)));
  if (spawnSync("pgrep", ["-f", `^${marker}$`], { encoding: "utf8" }).stdout.trim() !== "") whileRunning += 1;
  const [first, second] = plan.split("+");
  child.kill(first);
  if (second) setTimeout(() => child.exitCode === null && child.kill(second), 20);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const status = await exited;
  clearTimeout(timer);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const left = readdirSync(temp);
  const orphans = spawnSync("pgrep", ["-f", marker], { encoding: "utf8" }).stdout.trim();
  const stack = /^\s+at /m.test(stderr);
  if (left.length === 0 && orphans === "" && !stack && status !== "SIGKILL") survived += 1;
  else killFailures.push(`${plan}: exit ${status}, left ${JSON.stringify(left)}, orphans ${orphans || "none"}${stack ? ", a stack trace" : ""}`);
  if (orphans !== "") spawnSync("pkill", ["-KILL", "-f", marker]);
  for (const name of left) rmSync(join(temp, name), { recursive: true, force: true });
}

const outsideWrites = (snapshot(canary) === canaryBefore ? 0 : 1) + readdirSync(project).length;
console.log(`bad inputs: ${refused} of ${bad.length} refused with exit 2 and one line`);
for (const line of wrong) console.log(`  not refused cleanly: ${line}`);
console.log(`kills: ${survived} of ${kills} left TMPDIR empty, no orphan and no stack trace (${whileRunning} of them while the agent and its setsid daemon ran)`);
for (const line of killFailures) console.log(`  ${line}`);
console.log(`writes outside the run: ${outsideWrites} (canary folder and the empty project)`);
rmSync(root, { recursive: true, force: true });
process.exitCode = wrong.length === 0 && killFailures.length === 0 && outsideWrites === 0 ? 0 : 1;
