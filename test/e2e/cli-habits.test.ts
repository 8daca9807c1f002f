import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir, repoRoot, runCli } from "./run-cli.js";

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const commands = ["check", "validate", "format", "lower", "adapter", "golden", "serve", "gate", "merge-reports"];
const subcommands = ["golden update", "golden review", "golden prune"];
const ESC = "\u001b[";

interface JsonCase {
  type: string;
  id: string;
  status: string;
  message?: string;
}
const jsonCases = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as JsonCase)
    .filter((line) => line.type === "case");

describe("insta/Vitest habits of the CLI (issue 15)", () => {
  it("--help on every command and subcommand, the same text as `correx help <command>`", () => {
    for (const command of [...commands, ...subcommands]) {
      const flag = runCli([...command.split(" "), "--help"]);
      expect(flag.stderr, command).toBe("");
      expect(flag.code, command).toBe(0);
      expect(flag.stdout, command).toMatch(new RegExp(`^usage: correx ${command}\\b`));
      const help = runCli(["help", ...command.split(" ")]);
      expect(help.stdout, command).toBe(flag.stdout);
      expect(help.code).toBe(0);
    }
    expect(runCli(["help", "frobnicate"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^correx help: unknown command "frobnicate"; known: check, /) });
  });

  it("--version is package.json's version, and so is the adapter's hello", () => {
    expect(runCli(["--version"]).stdout).toBe(`correx ${version}\n`);
    const hello = runCli(["adapter"], { input: '{"id":1,"op":"hello"}\n' });
    expect(JSON.parse(hello.stdout.split("\n")[0]!).result.implementation).toEqual({ name: "correx-reference", version });
  });

  it("colours pass/fail and diff lines only when asked by FORCE_COLOR or a terminal; never with NO_COLOR, in a pipe or in a file", () => {
    const id = "opencode-cli/truncate/head-by-lines";
    const root = makeCorpus([id, "opencode-cli/bash/no-output"]);
    const golden = join(root, "golden", `${id}.yaml`);
    writeFileSync(golden, readFileSync(golden, "utf8").replace("...90 lines truncated...", "...91 lines truncated..."));
    const args = ["check", "--root", root, "--update", "no"];
    const forced = runCli(args, { env: { FORCE_COLOR: "1" } });
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain(`${ESC}31m${ESC}1mFAIL${ESC}22m${ESC}39m ${id}`);
    expect(forced.stdout).toContain(`${ESC}31m    -...91 lines truncated...${ESC}39m`);
    expect(forced.stdout).toContain(`${ESC}32m    +...90 lines truncated...${ESC}39m`);
    expect(forced.stdout).toMatch(/2 cases: \u001b\[32m1 passed\u001b\[39m, \u001b\[31m1 failed\u001b\[39m, /);
    const piped = runCli(args);
    expect(piped.stdout).not.toContain(ESC);
    expect(piped.stdout).toContain(`FAIL ${id}`);
    expect(runCli(args, { env: { FORCE_COLOR: "1", NO_COLOR: "1" } }).stdout).not.toContain(ESC);
    const file = join(makeTempDir(), "pretty.txt");
    runCli([...args, "--reporter", `pretty=${file}`], { env: { FORCE_COLOR: "1" } });
    expect(readFileSync(file, "utf8")).not.toContain(ESC);
    expect(readFileSync(file, "utf8")).toContain(`FAIL ${id}`);
  }, 60_000);

  it("gate --jobs 2 (across protocols) reports in protocol and scenario order; --scenario takes quoted globs and files; the agent's relative path is from correx's cwd", () => {
    const work = makeTempDir("correx-gate-jobs-");
    const run = runCli(
      [
        "gate",
        "--profile",
        "opencode-cli",
        "--protocol",
        "openai-chat",
        "--protocol",
        "anthropic-messages",
        "--jobs",
        "2",
        "--reporter",
        `json=${work}/report.jsonl`,
        "--scenario",
        "fixtures/scenarios/bash-e*.yaml",
        "--scenario",
        "fixtures/scenarios/read-small.yaml",
        "--",
        "node",
        "examples/agents/reference-agent.mjs",
      ],
      { cwd: repoRoot },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonCases(`${work}/report.jsonl`).map((outcome) => `${outcome.id} ${outcome.status}`)).toEqual([
      "bash-echo/openai-chat/call_1_1 pass",
      "read-small/openai-chat/call_1_1 pass",
      "bash-echo/anthropic-messages/toolu_1_1 pass",
      "read-small/anthropic-messages/toolu_1_1 pass",
    ]);
    expect(
      run.stderr
        .split("\n")
        .filter(Boolean)
        .map((line) => line.replace(/ \(.*$/, "")),
    ).toEqual([
      "correx gate: bash-echo × openai-chat: 1/1 tool results conform",
      "correx gate: read-small × openai-chat: 1/1 tool results conform",
      "correx gate: bash-echo × anthropic-messages: 1/1 tool results conform",
      "correx gate: read-small × anthropic-messages: 1/1 tool results conform",
    ]);
    const folder = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", "fixtures/nothing-here/*.yaml", "--", "true"], { cwd: repoRoot });
    expect(folder).toMatchObject({ code: 2, stderr: `correx gate: --scenario fixtures/nothing-here/*.yaml matches no file (looked under ${repoRoot}/fixtures/nothing-here)\n` });
    const unquoted = runCli(
      ["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", "fixtures/scenarios/bash-echo.yaml", "fixtures/scenarios/bash-no-output.yaml", "--", "true"],
      { cwd: repoRoot },
    );
    expect(unquoted.stderr).toBe(
      `correx gate: unexpected argument "fixtures/scenarios/bash-no-output.yaml" (the agent command goes after --; a glob for --scenario must be quoted so the shell leaves it: --scenario 'fixtures/scenarios/*.yaml')\n`,
    );
  }, 180_000);

  it("arguments after -- reach the agent untouched (--debug too), and a crash quotes the end of its output, bounded", () => {
    const work = makeTempDir("correx-gate-tail-");
    const agent = 'echo "argv: $*"; for n in $(seq 1 40); do echo "line $n"; done; exit 3';
    const run = runCli([
      "gate",
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--reporter",
      `json=${work}/report.jsonl`,
      "--scenario",
      `${repoRoot}/fixtures/scenarios/bash-echo.yaml`,
      "--",
      "sh",
      "-c",
      agent,
      "agent",
      "--debug",
      "--help",
    ]);
    expect(run.code).toBe(1);
    const [outcome] = jsonCases(`${work}/report.jsonl`);
    expect(outcome!.status).toBe("crash");
    const tail = [...Array(20).keys()].map((n) => `line ${n + 21}`).join("\n");
    expect(outcome!.message).toBe(`the agent ended (exit 3) without sending the result of call call_1_1 bash {"command":"echo hello"}; its output ended with:\n${tail}`);
    const argv = runCli(
      [
        "gate",
        "--profile",
        "opencode-cli",
        "--protocol",
        "openai-chat",
        "--reporter",
        `json=${work}/argv.jsonl`,
        "--scenario",
        `${repoRoot}/fixtures/scenarios/bash-echo.yaml`,
        "--",
        "sh",
        "-c",
        'echo "argv: $*"; exit 3',
        "agent",
        "--debug",
        "--help",
      ],
      { env: { GITHUB_ACTIONS: "true" } },
    );
    expect(argv.code).toBe(1);
    // under GitHub Actions, each failing tool result is an annotation on its scenario file
    expect(argv.stdout).toContain(`::error file=${repoRoot}/fixtures/scenarios/bash-echo.yaml,title=correx crash%3A bash-echo/openai-chat/call_1_1::the agent ended (exit 3)`);
    expect(jsonCases(`${work}/argv.jsonl`)[0]!.message).toMatch(/its output ended with:\nargv: --debug --help$/);
  }, 120_000);
});
