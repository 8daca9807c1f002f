// "Nothing may be left behind": the built CLI, run the ways CI and users run it (check passing and
// failing, an input error, adapter, format, lower, validate, gate with its own work folder), with
// TMPDIR at a fresh empty folder, leaves that folder empty; and the saved-output folders of check,
// adapter and format (under /tmp whatever TMPDIR says: their path length is the corpus's) are
// folders of their own run, gone when it ends (on SIGTERM too), never the shared /tmp/correx-output.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { makeCorpus } from "./corpus-fixture.js";
import { gateArgv, runGate } from "./gate-runner.js";
import { cliPath, repoRoot, runCli } from "./run-cli.js";

/** A run folder's path: `/tmp/correx-` and 6 random characters, the length of `/tmp/correx-output`. */
const RUN_FOLDER = /^\/tmp\/correx-[A-Za-z0-9]{6}$/;
const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}\n`).join("");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `argv` with `env`, waits until `ready()` holds (polling), sends `signals` (SIGTERM by
 * default) `gapMs` apart, and resolves with its exit code and what it printed on stderr.
 */
async function signalWhen(argv: string[], env: Record<string, string>, ready: () => boolean, signals: NodeJS.Signals[] = ["SIGTERM"], gapMs = 0) {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: repoRoot, env: { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal === null ? null : -1))));
  for (let waited = 0; !ready() && waited < 60_000; waited += 100) await sleep(100);
  expect(ready()).toBe(true);
  for (const [index, signal] of signals.entries()) {
    if (index > 0) await sleep(gapMs);
    child.kill(signal);
  }
  return { code: await exited, stderr };
}

/** signalWhen with one SIGTERM; resolves with the exit code. */
const terminateWhen = async (argv: string[], env: Record<string, string>, ready: () => boolean) => (await signalWhen(argv, env, ready)).code;

describe("correx leaves no temp folder behind (TMPDIR at an empty folder)", () => {
  it("check (passing, failing, input error), adapter, format, lower, validate and gate runs leave TMPDIR empty", async () => {
    const tmp = makeTempDir("correx-tmpdir-");
    const corpus = makeCorpus();
    const notes = makeTempDir("correx-leftover-notes-");
    const env = { TMPDIR: tmp };
    const cli = (args: string[], input?: string) => runCli(args, { env, input });

    // check, passing, through a cmd: subject that notes the outputDir each request names
    const record = join(notes, "output-dirs.txt");
    const recording = `cmd:node ${repoRoot}/test/miniatures/chaos-subject.mjs record-output-dir ${record}`;
    const passing = cli(["check", "--root", corpus, "--update", "no", "--reporter", "tap", "--subject", recording]);
    expect([passing.code, passing.stderr]).toEqual([0, ""]);
    const checkFolders = [...new Set(readFileSync(record, "utf8").trim().split("\n"))];
    expect(checkFolders).toHaveLength(1);
    expect(checkFolders[0]).toMatch(RUN_FOLDER);
    expect(existsSync(checkFolders[0]!)).toBe(false);

    // check, failing: a subject that crashes on every format request
    const failing = cli(["check", "--root", corpus, "--update", "no", "--reporter", "tap", "--subject", `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs crash-on-format`]);
    expect(failing.code).toBe(1);
    // check, input error
    const bad = cli(["check", "--root", corpus, "--timeout", "0"]);
    expect([bad.code, bad.stderr]).toEqual([2, 'correx check: --timeout must be a whole number of milliseconds from 1 to 2147483647, found "0"\n']);

    // adapter: a truncate request naming no outputDir saves into a folder of this adapter run, gone when it ends
    const adapter = cli(["adapter"], `${JSON.stringify({ id: 1, op: "truncate", profile: "opencode-cli", text: lines(3000) })}\n{"id":2,"op":"bye"}\n`);
    const [truncated, bye] = adapter.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; ok: boolean; result: { truncated?: boolean; savedPath?: string } });
    expect([truncated!.ok, truncated!.result.truncated, bye]).toEqual([true, true, { id: 2, ok: true, result: {} }]);
    const adapterFolder = truncated!.result.savedPath!.replace(/\/tool_[0-9A-Za-z]+$/, "");
    expect(adapterFolder).toMatch(RUN_FOLDER);
    expect(existsSync(adapterFolder)).toBe(false);
    // adapter: a request that names its outputDir saves there, and that folder is the caller's to keep
    const own = join(notes, "adapter-output");
    const named = cli(["adapter"], `${JSON.stringify({ id: 1, op: "truncate", profile: "opencode-cli", text: lines(3000), options: { outputDir: own } })}\n`);
    const savedPath = (JSON.parse(named.stdout) as { result: { savedPath: string } }).result.savedPath;
    expect(savedPath.startsWith(`${own}/tool_`)).toBe(true);
    expect(readFileSync(savedPath, "utf8")).toBe(lines(3000));

    // format: the same, one call
    const format = cli(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", '{"command":"seq 3000"}', "--observation", JSON.stringify({ output: lines(3000), exitCode: 0 })]);
    expect([format.code, format.stderr]).toEqual([0, ""]);
    const outputPath = (JSON.parse(format.stdout) as { metadata: { truncated: boolean; outputPath: string } }).metadata.outputPath;
    expect(outputPath.replace(/\/tool_[0-9A-Za-z]+$/, "")).toMatch(RUN_FOLDER);
    expect(existsSync(outputPath.replace(/\/tool_[0-9A-Za-z]+$/, ""))).toBe(false);
    expect(cli(["format", "--profile", "opencode-cli", "--tool", "bash"]).code).toBe(2);

    // lower, validate, gate --help
    const messages = join(notes, "messages.json");
    writeFileSync(messages, JSON.stringify([{ role: "tool", content: [{ type: "tool-result", id: "call_1", name: "bash", result: { type: "text", value: "hello\n" } }] }]));
    expect(cli(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", messages]).code).toBe(0);
    expect(cli(["validate", `${repoRoot}/fixtures/cases/opencode-cli/bash/no-output.yaml`]).stdout).toBe(`${repoRoot}/fixtures/cases/opencode-cli/bash/no-output.yaml: valid case\n`);
    expect(cli(["gate", "--help"]).code).toBe(0);

    // gate without --work-dir: its own work folder in TMPDIR, removed at the end (passing, and an agent that fails to start)
    const scenario = ["--scenario", `${repoRoot}/fixtures/scenarios/bash-echo.yaml`];
    const gate = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", ...scenario, "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`], env);
    expect(gate.code, gate.stderr).toBe(0);
    // a file that is not executable: the spawn fails (EACCES) once the work folder exists
    const notExecutable = join(notes, "not-executable-agent");
    writeFileSync(notExecutable, "#!/bin/sh\n", { mode: 0o644 });
    const broken = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", ...scenario, "--", notExecutable], env);
    expect(broken.code, broken.stderr).toBe(1);
    // a program that is not there at all is bad input: exit 2 and one line, before any folder is made
    const missing = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", ...scenario, "--", `${tmp}/no-such-agent`], env);
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toBe(`correx gate: agent command not found: "${tmp}/no-such-agent" is not a file\n`);
    const bare = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", ...scenario, "--", "correx-no-such-program-anywhere"], env);
    expect(bare.stderr).toBe('correx gate: agent command not found: "correx-no-such-program-anywhere" is not on PATH\n');
    // a malformed scenario is refused (exit 2, one line) while the sandbox probe runs beside its
    // loading: the probe's sandbox folder is not left behind (checked with the rest below)
    const malformed = join(notes, "malformed.yaml");
    writeFileSync(malformed, "name: malformed\nprompt: [\n");
    const refused = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", malformed, "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`], env);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr.split("\n")).toHaveLength(2);
    expect(refused.stderr).toContain(malformed);

    expect(readdirSync(tmp)).toEqual([]);
  }, 180_000);

  it("SIGTERM while a gate agent or a check subject runs still removes the gate's work folder and check's run folder", async () => {
    const tmp = makeTempDir("correx-tmpdir-");
    const notes = makeTempDir("correx-leftover-notes-");
    const started = join(notes, "agent-started");
    const gate = gateArgv([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--scenario",
      `${repoRoot}/fixtures/scenarios/bash-echo.yaml`,
      "--",
      "sh",
      "-c",
      `touch ${started}; exec sleep 60`,
    ]);
    expect(await terminateWhen(gate, { TMPDIR: tmp }, () => existsSync(started))).toBe(143);
    expect(readdirSync(tmp)).toEqual([]);

    const corpus = makeCorpus();
    const requests = join(notes, "requests.jsonl");
    writeFileSync(requests, "");
    const subject = `cmd:tee -a ${requests} | node ${repoRoot}/test/miniatures/miniature-adapter.mjs hang-on-format`;
    const outputDir = () => /"outputDir":"([^"]+)"/.exec(readFileSync(requests, "utf8"))?.[1];
    const check = [process.execPath, cliPath, "check", "--root", corpus, "--update", "no", "--subject", subject];
    expect(await terminateWhen(check, { TMPDIR: tmp }, () => outputDir() !== undefined && existsSync(outputDir()!))).toBe(143);
    expect(outputDir()).toMatch(RUN_FOLDER);
    expect(existsSync(outputDir()!)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  }, 180_000);

  it("a given --work-dir is the user's: each scenario's run folder in it is removed when the scenario is done, and at SIGTERM mid-run; --keep keeps them (they were all left behind)", async () => {
    const work = makeTempDir("correx-given-work-");
    const notes = makeTempDir("correx-leftover-notes-");
    const scenarios = ["bash-echo", "read-small"].flatMap((name) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`]);
    const agent = ["--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`];
    writeFileSync(join(work, "the-users-own-file"), "kept\n");
    const passing = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", "--jobs", "2", "--work-dir", work, ...scenarios, ...agent]);
    expect(passing.code, passing.stderr).toBe(0);
    expect(readdirSync(work)).toEqual(["the-users-own-file"]);

    const started = join(notes, "agent-started");
    const stopped = gateArgv(["--profile", "opencode-cli", "--protocol", "openai-chat", "--work-dir", work, ...scenarios, "--", "sh", "-c", `touch ${started}; exec sleep 60`]);
    expect(await terminateWhen(stopped, {}, () => existsSync(started))).toBe(143);
    expect(readdirSync(work)).toEqual(["the-users-own-file"]);

    const kept = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", "--keep", "--work-dir", work, ...scenarios, ...agent]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).toContain(`correx gate: run directories kept in ${work}\n`);
    const runs = readdirSync(work).filter((name) => name !== "the-users-own-file");
    expect(runs.map((name) => name.replace(/-[A-Za-z0-9]{6}$/, "")).sort()).toEqual(["bash-echo-openai-chat", "read-small-openai-chat"]);
    expect(existsSync(join(work, runs[0]!, "workspace"))).toBe(true);
  }, 180_000);

  it("a second Ctrl-C or SIGTERM while the gate removes its work folder cannot cut the removal short (issue 24, item 7: 4 of 4 left the folder, one with a stack trace)", async () => {
    const notes = makeTempDir("correx-leftover-notes-");
    const scenario = join(notes, "many-files.yaml");
    // 2,000 workspace files in each copy: removing the run folder takes long enough for the second signal to land in it
    writeFileSync(
      scenario,
      'name: many-files\nprompt: hi\nworkspace:\n  generated:\n    - {path: "f-{n}.txt", count: 2000, content: "x\\n"}\nturns:\n  - calls: [{tool: bash, input: {command: "echo x"}}]\n  - text: Done.\n',
    );
    for (const [signal, gapMs] of [
      ["SIGINT", 5],
      ["SIGTERM", 1],
      ["SIGINT", 20],
    ] as const) {
      const tmp = makeTempDir("correx-tmpdir-");
      const started = join(notes, `agent-started-${signal}-${gapMs}`);
      const gate = gateArgv(["--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--", "sh", "-c", `touch ${started}; exec sleep 60`]);
      const run = await signalWhen(gate, { TMPDIR: tmp }, () => existsSync(started), [signal, signal], gapMs);
      expect(run.code).toBe(signal === "SIGINT" ? 130 : 143);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(tmp)).toEqual([]);
    }
  }, 180_000);
});
