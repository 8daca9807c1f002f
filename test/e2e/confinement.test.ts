// A gate safe to point at any agent and any scenario (README "Security model"): hostile agents and
// scenarios, run through the built CLI, never make correx delete, write or run anything outside
// the run, and nothing they start outlives it. Each test here failed on the build before the
// sandboxed replay (commit faef53f's parent): the victim folders were written or emptied, the
// appended file got two lines, BASH_ENV was sourced by correx's own shell, the escapee lived on,
// and Ctrl-C before the first child left the gate's work folder.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { gateArgv, runGate } from "./gate-runner.js";
import { cliPath, repoRoot, runCli } from "./run-cli.js";

const referenceAgent = join(repoRoot, "examples/agents/reference-agent.mjs");
const canSandbox = process.getuid?.() === 0 && existsSync("/usr/bin/unshare");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A scenario file in a fresh folder. */
function scenarioFile(name: string, calls: string): string {
  const file = join(makeTempDir("correx-hostile-scenario-"), `${name}.yaml`);
  writeFileSync(file, `name: ${name}\nspec: "§5.1"\nprompt: hostile\nturns:\n  - calls:\n${calls}  - text: Done.\n`);
  return file;
}

/** `sh -c SCRIPT` as the agent command, with the reference agent at $AGENT. */
const shellAgent = (script: string) => ["sh", "-c", script];

function gate(scenario: string, agent: string[], extra: string[] = [], env: Record<string, string> = {}) {
  return runGate(["--profile", "opencode-cli", "--protocol", "anthropic-messages", "--scenario", scenario, "--reporter", "json", ...extra, "--", ...agent], { AGENT: referenceAgent, ...env });
}

describe.skipIf(!canSandbox)("a hostile agent or scenario cannot turn correx against the machine", () => {
  it("an agent that replaces its run directory with a link: nothing is deleted or written where it points, and the report says so", async () => {
    const victim = makeTempDir("correx-victim-");
    mkdirSync(join(victim, "workspace"));
    writeFileSync(join(victim, "workspace", "precious.txt"), "keep me\n");
    const scenario = scenarioFile("replace-run-dir", "      - tool: write\n        input: { filePath: new.txt, content: hi }\n");
    const run = await gate(scenario, shellAgent(`node "$AGENT" && mv "$CORREX_RUN_DIR" "$CORREX_RUN_DIR.moved" && ln -s ${victim} "$CORREX_RUN_DIR"`));
    expect(readdirSync(victim)).toEqual(["workspace"]);
    expect(readdirSync(join(victim, "workspace"))).toEqual(["precious.txt"]);
    expect(readFileSync(join(victim, "workspace", "precious.txt"), "utf8")).toBe("keep me\n");
    expect(run.stderr).toContain(`was replaced by a link to ${victim}`);
  }, 60_000);

  it("an agent that makes a workspace file immutable: its calls are unsupported, naming the file (was a crash of the scenario, the results lost)", async (context) => {
    const probe = join(makeTempDir("correx-chattr-probe-"), "f");
    writeFileSync(probe, "x");
    if (spawnSync("chattr", ["+i", probe]).status !== 0) return context.skip();
    spawnSync("chattr", ["-i", probe]);
    const work = makeTempDir("correx-immutable-work-");
    const scenario = scenarioFile("immutable-file", '      - tool: bash\n        input: { command: "echo hi", description: echo }\n');
    try {
      const run = await gate(scenario, shellAgent('echo x > "$CORREX_WORKSPACE/stuck.txt" && chattr +i "$CORREX_WORKSPACE/stuck.txt" && exec node "$AGENT"'), ["--work-dir", work]);
      expect(run.code).toBe(3);
      expect(run.stdout).toContain('"status":"unsupported"');
      expect(run.stdout).toContain("the replay cannot lay the workspace anew: the agent left stuck.txt in it so that it cannot be removed (");
      expect(run.stdout).not.toContain('"status":"crash"');
      expect(run.stderr).toMatch(/correx: could not remove \S+ \([A-Z]+ at workspace\/stuck\.txt\); remove it by hand\n/);
    } finally {
      spawnSync("chattr", ["-R", "-i", work]);
    }
  }, 60_000);

  it("a link planted where the reference saves full outputs: the saved outputs never go through it", async () => {
    const victim = makeTempDir("correx-victim-");
    const scenario = scenarioFile("planted-ref-output", '      - tool: bash\n        input: { command: "seq 1 3000", description: long }\n');
    const run = await gate(scenario, shellAgent(`ln -s ${victim} "$CORREX_RUN_DIR/ref-output" && exec node "$AGENT"`));
    expect(readdirSync(victim)).toEqual([]);
    expect(run.stderr).toContain(`ref-output -> ${victim} (a link)`);
    expect(run.stdout).toContain('"status":"pass"');
  }, 60_000);

  it("the replay of scripted calls never writes on the machine: an appending command runs once (the agent's), a write outside lands in the sandbox", async () => {
    const outside = makeTempDir("correx-outside-");
    const scenario = scenarioFile(
      "write-outside",
      // two shell writes by the reference agent: a write tool's path outside the workspace is a
      // permission ask, which ends an opencode run there (spec §2.15); this test is about correx's replay
      `      - tool: bash\n        input: { command: "echo x >> ${outside}/appended.txt", description: append }\n      - tool: bash\n        input: { command: "printf hi > ${outside}/written.txt", description: write }\n`,
    );
    const run = await gate(scenario, shellAgent(`rm -f ${outside}/*; exec node "$AGENT"`));
    // The agent (unsandboxed here) ran the command once; the replay's run stayed in its sandbox.
    expect(readFileSync(join(outside, "appended.txt"), "utf8")).toBe("x\n");
    expect(run.stderr).toContain(`the replay of the scripted calls wrote outside the run directory, in its sandbox only (nothing on this machine): ${outside}/appended.txt, ${outside}/written.txt`);
    // With --sandbox the agent's writes stay in its own sandbox too: nothing on the machine at all.
    for (const name of readdirSync(outside)) rmSync(join(outside, name));
    const sandboxed = await gate(scenario, shellAgent(`exec node "$AGENT"`), ["--sandbox"]);
    expect(readdirSync(outside)).toEqual([]);
    expect(sandboxed.stderr).toContain(`${outside}/appended.txt (in its sandbox only)`);
    expect(sandboxed.code).toBe(0);
  }, 90_000);

  it("the agent's environment is data: a BASH_ENV it exports is never sourced by correx on the machine", async () => {
    const notes = makeTempDir("correx-bash-env-");
    const hook = join(notes, "hook.sh");
    writeFileSync(hook, `echo sourced >> ${notes}/sourced.txt\n`);
    const scenario = scenarioFile("bash-env", '      - tool: bash\n        input: { command: "echo hi", description: hi }\n');
    const agent = shellAgent(`export BASH_ENV=${hook}; exec node "$AGENT"`);
    const run = await gate(scenario, agent);
    // once: the agent's own bash; the replay's bash sourced it inside the sandbox only
    expect(readFileSync(join(notes, "sourced.txt"), "utf8")).toBe("sourced\n");
    expect(run.code).toBe(0);
    // unconfined: the command is not replayed at all, and the reason names the variable
    const unconfined = await gate(scenario, agent, ["--unconfined-replay"]);
    expect(readFileSync(join(notes, "sourced.txt"), "utf8")).toBe("sourced\nsourced\n");
    expect(unconfined.stdout).toContain("the agent's environment sets BASH_ENV");
  }, 90_000);

  it("--sandbox: a descendant that scrubs the process-tree marker and double-forks does not outlive the run", async () => {
    const marker = `317.${process.pid % 1000}`;
    const scenario = scenarioFile("escapee", '      - tool: bash\n        input: { command: "echo hi", description: hi }\n');
    const run = await gate(scenario, shellAgent(`(env -u CORREX_PROCESS_TREE setsid sleep ${marker} </dev/null >/dev/null 2>&1 &); exec node "$AGENT"`), ["--sandbox"]);
    expect(run.code).toBe(0);
    await sleep(200);
    expect(spawnSync("pgrep", ["-f", `sleep ${marker}`], { encoding: "utf8" }).stdout).toBe("");
  }, 60_000);

  it("where the sandbox cannot be made, the gate refuses in one line naming --unconfined-replay, and never falls back silently", () => {
    // an overlay's mount options cannot hold a comma: a temp folder with one makes the sandbox impossible
    const tmp = join(makeTempDir("correx-no-sandbox-"), "a,b");
    mkdirSync(tmp);
    const args = ["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", join(repoRoot, "fixtures/scenarios/bash-echo.yaml")];
    const refused = runCli([...args, "--", process.execPath, referenceAgent], { env: { TMPDIR: tmp } });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^correx gate: the scripted calls are replayed in a sandbox .*cannot be made here: .*--unconfined-replay\n$/);
    expect(readdirSync(tmp)).toEqual([]);
    // the probe runs while the scenarios load; its refusal still comes before a scenario's error
    const malformed = join(makeTempDir("correx-no-sandbox-scenario-"), "malformed.yaml");
    writeFileSync(malformed, "name: malformed\nprompt: [\n");
    const both = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", malformed, "--", process.execPath, referenceAgent], { env: { TMPDIR: tmp } });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^correx gate: the scripted calls are replayed in a sandbox .*--unconfined-replay\n$/);
    expect(readdirSync(tmp)).toEqual([]);
    const accepted = runCli([...args, "--unconfined-replay", "--", process.execPath, referenceAgent], { env: { TMPDIR: tmp } });
    expect(accepted.code).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  }, 60_000);

  it("Ctrl-C at any moment of a gate run, even before its first child starts, leaves nothing in TMPDIR", async () => {
    // 3,000 generated files: laying the workspace out keeps correx busy before the agent starts.
    const scenario = join(makeTempDir("correx-sigint-scenario-"), "big.yaml");
    writeFileSync(
      scenario,
      'name: big\nspec: "§5.1"\nprompt: hi\nworkspace:\n  generated:\n    - { path: "d/f{n}.txt", count: 3000, content: "x" }\nturns:\n  - calls:\n      - tool: bash\n        input: { command: "echo hi" }\n  - text: Done.\n',
    );
    for (const delay of [40, 150, 300, 600, 1200, 2500]) {
      const tmp = makeTempDir("correx-sigint-tmp-");
      const argv = gateArgv(["--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--", process.execPath, referenceAgent]);
      const child = spawn(argv[0]!, argv.slice(1), { cwd: repoRoot, env: { ...process.env, TMPDIR: tmp, CI: undefined }, stdio: "ignore" });
      const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
      await sleep(delay);
      child.kill("SIGINT");
      await exited;
      expect({ delay, left: readdirSync(tmp) }).toEqual({ delay, left: [] });
    }
  }, 120_000);

  it("Ctrl-C during check --update always releases the golden lock", async () => {
    const root = makeTempDir("correx-sigint-corpus-");
    cpSync(join(repoRoot, "fixtures/cases"), join(root, "fixtures/cases"), { recursive: true });
    cpSync(join(repoRoot, "golden"), join(root, "golden"), { recursive: true });
    const child = spawn(process.execPath, [cliPath, "check", "--root", root, "--update", "always"], { cwd: repoRoot, env: { ...process.env, CI: undefined }, stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
    for (let waited = 0; !existsSync(join(root, "golden/.correx-golden.lock")) && waited < 20_000; waited += 20) await sleep(20);
    expect(existsSync(join(root, "golden/.correx-golden.lock"))).toBe(true);
    child.kill("SIGINT");
    await exited;
    expect(existsSync(join(root, "golden/.correx-golden.lock"))).toBe(false);
    // ended by the signal, during the run: no summary was printed
    expect(stdout).not.toContain(" cases: ");
  }, 60_000);
});
