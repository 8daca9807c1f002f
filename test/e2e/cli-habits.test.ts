import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, repoRoot, runCli } from "./run-cli.js";

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
    // repository-relative (issue 31): runCli runs from the repository root, as a workflow runs from its checkout
    expect(argv.stdout).toContain("::error file=fixtures/scenarios/bash-echo.yaml,title=correx crash%3A bash-echo/openai-chat/call_1_1::the agent ended (exit 3)");
    expect(jsonCases(`${work}/argv.jsonl`)[0]!.message).toMatch(/its output ended with:\nargv: --debug --help$/);
  }, 120_000);
});

describe("unsupported is never success by accident (issue 31)", () => {
  const declinesAll = () => {
    const dir = makeTempDir("correx-declines-");
    const file = join(dir, "declines-all.mjs");
    writeFileSync(
      file,
      'export function format() { throw Object.assign(new Error("not implemented"), { name: "AdapterError", code: "unsupported" }); }\nexport const truncate = format;\nexport const lower = format;\n',
    );
    return file;
  };

  it("check: a run where every case is unsupported exits 3 by default, says how much was judged, and names the flag that accepts it", () => {
    const root = makeCorpus();
    const args = ["check", "--root", root, "--update", "no", "--subject", `module:${declinesAll()}`];
    const run = runCli(args);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toMatch(/^4 cases: 0 passed, 0 failed, 0 xfail, 4 unsupported, 0 crashed, 0 timed out; 0 of 4 judged \(0 %\) in [\d.]+ s/m);
    expect(run.stderr).toBe(
      "correx check: 4 of 4 cases unsupported (100 %), more than --max-unsupported 0 allows; only 0 were judged, so the run is not good (exit 3). To accept this, pass --max-unsupported 4 (or 100%)\n",
    );
    expect(runCli([...args, "--max-unsupported", "4"]).code).toBe(0);
    expect(runCli([...args, "--max-unsupported", "3"]).code).toBe(3);
    expect(runCli([...args, "--max-unsupported", "100%"]).code).toBe(0);
    expect(runCli([...args, "--max-unsupported", "99%"]).code).toBe(3);
    expect(runCli([...args, "--max-unsupported", "lots"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--max-unsupported must be a count (5) or a share of the run from 0% to 100% (10%), found "lots"'),
    });
    // the json summary carries the judged count and the budget
    const summary = JSON.parse(
      runCli([...args, "--reporter", "json"])
        .stdout.trim()
        .split("\n")
        .at(-1)!,
    );
    expect(summary).toMatchObject({ type: "summary", total: 4, unsupported: 4, judged: 0, metadata: { maxUnsupported: "0" } });
  });

  it("check: a failure is exit 1 even with unsupported cases over the budget", () => {
    const dir = makeTempDir("correx-fails-one-");
    const file = join(dir, "fails-format.mjs");
    writeFileSync(
      file,
      'export function format() { return { result: "wrong" }; }\nexport function truncate() { throw Object.assign(new Error("no"), { name: "AdapterError", code: "unsupported" }); }\n',
    );
    const run = runCli(["check", "--root", makeCorpus(), "--update", "no", "--subject", `module:${file}`]);
    expect(run.stdout).toMatch(/^4 cases: 0 passed, 3 failed, 0 xfail, 1 unsupported, /m);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
  });

  it("gate: an unmodelled call makes the run exit 3 unless --max-unsupported allows it", () => {
    const args = [
      "gate",
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--scenario",
      `${repoRoot}/examples/readme/read-long-name.yaml`,
      "--",
      "node",
      `${repoRoot}/examples/agents/reference-agent.mjs`,
    ];
    const run = runCli(args);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toMatch(/^2 cases: 1 passed, 0 failed, 0 xfail, 1 unsupported, 0 crashed, 0 timed out; 1 of 2 judged \(50 %\) in /m);
    expect(run.stderr).toContain("correx gate: 1 of 2 tool results unsupported (50 %), more than --max-unsupported 0 allows; only 1 was judged");
    expect(runCli([...args.slice(0, -3), "--max-unsupported", "1", ...args.slice(-3)]).code).toBe(0);
  }, 120_000);

  it("gate: a run whose scenarios call no tool judged nothing and exits 3 (the hostile run's text-only scenario exited 0: '0 of 0 judged')", () => {
    const dir = makeTempDir("correx-no-calls-");
    const scenario = join(dir, "no-calls.yaml");
    writeFileSync(scenario, "name: no-calls\nprompt: hi\nturns:\n  - text: Done.\n");
    const run = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`]);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr).toContain("correx gate: no tool result was judged (the scenarios' turns call no tool), so the run is not good (exit 3); script at least one call\n");
  }, 120_000);
});

describe("GitHub annotations (issue 31)", () => {
  it("name the golden by its path from the checkout, and carry the diff", () => {
    const id = "opencode-cli/bash/no-output";
    const root = makeCorpus([id]);
    const golden = join(root, "golden", `${id}.yaml`);
    writeFileSync(golden, readFileSync(golden, "utf8").replace('output: "(no output)"', 'output: "(no output) "'));
    const run = runCli(["check", "--root", ".", "--ci"], { cwd: root, env: { GITHUB_ACTIONS: "true" } });
    expect(run.code).toBe(1);
    const annotation = run.stdout.split("\n").find((line) => line.startsWith("::error "));
    expect(annotation).toBe(
      "::error file=golden/opencode-cli/bash/no-output.yaml,title=correx fail%3A opencode-cli/bash/no-output::1 difference (§2.1)%0A/result/output:%0A  --- expected%0A  +++ actual%0A  @@ -1,1 +1,1 @@%0A  -(no output)·%0A  +(no output)",
    );
    // GITHUB_WORKSPACE is the checkout when it is set; a file outside it keeps its absolute path
    const outside = runCli(["check", "--root", root, "--ci"], { env: { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: repoRoot } });
    expect(outside.stdout).toContain(`::error file=${golden},`);
    const inside = runCli(["check", "--root", root, "--ci"], { env: { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: join(root, "golden") } });
    expect(inside.stdout).toContain("::error file=opencode-cli/bash/no-output.yaml,");
  });
});

describe("validate --as case and check agree on a case file (issue 31)", () => {
  const broken: Record<string, { text: string; pointer: string }> = {
    "observation-typo": {
      text: 'profile: opencode-cli\nstage: format\nspec: "§2.1"\ntool: bash\ninput: { command: "true" }\nobservation: { outptu: "", exitCode: 0 }\n',
      pointer: "/observation/output",
    },
    "wrong-profile": { text: 'profile: opencode-core\nstage: format\nspec: "§2.1b"\ntool: bash\ninput: { command: "true" }\nobservation: { output: "", exitCode: 0 }\n', pointer: "/profile" },
    "stage-typo": { text: 'profile: opencode-cli\nstage: formt\nspec: "§2.1"\ntool: bash\ninput: { command: "true" }\nobservation: { output: "", exitCode: 0 }\n', pointer: "/stage" },
  };
  for (const [name, { text, pointer }] of Object.entries(broken)) {
    it(`${name}: both refuse it at ${pointer}`, () => {
      const root = makeTempDir("correx-case-agree-");
      const file = join(root, "fixtures/cases/opencode-cli/bash", `${name}.yaml`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      const validate = runCli(["validate", "--as", "case", file]);
      expect(validate.code, validate.stdout + validate.stderr).toBe(1);
      expect(validate.stdout).toContain(`  ${pointer}  expected `);
      const check = runCli(["check", "--root", root, "--ci"]);
      expect(check.code).toBe(2);
      expect(check.stderr).toContain(`${file}:`);
      expect(check.stderr).toContain(`: ${pointer}: expected `);
    });
  }

  it("check's schema errors give the allowed values and a did-you-mean, as validate's do", () => {
    const root = makeTempDir("correx-case-suggest-");
    const file = join(root, "fixtures/cases/opencode-cli/bash/stage-typo.yaml");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, broken["stage-typo"]!.text);
    expect(runCli(["check", "--root", root, "--ci"]).stderr).toBe(
      `correx check: ${file}:2:8: /stage: expected a known "stage" value (one of "format", "truncate", "lower"), found "formt" (did you mean "format"?)\n`,
    );
  });
});

describe("flags given twice, and reviewing --pending-dir (issue 31)", () => {
  it("a value flag given twice is refused with both values, never silently the last", () => {
    expect(runCli(["check", "--root", "/tmp/a", "--root", "/tmp/b"])).toMatchObject({ code: 2, stderr: 'correx check: --root given twice ("/tmp/a", then "/tmp/b"); give it once\n' });
    expect(runCli(["golden", "review", "--root", "a", "--root=b"])).toMatchObject({ code: 2, stderr: 'correx golden review: --root given twice ("a", then "b"); give it once\n' });
    expect(runCli(["validate", "--as", "case", "--as", "golden", "x.yaml"]).stderr).toBe('correx validate: --as given twice ("case", then "golden"); give it once\n');
  });

  it("what check --pending-dir wrote is reviewed by golden review --pending-dir, against the corpus's goldens; accepting another subject's output needs --write-corpus-from-subject", () => {
    const root = makeCorpus();
    const pending = join(makeTempDir("correx-pending-review-"), "pending");
    const subject = `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs drops-final-newline`;
    const check = runCli(["check", "--root", root, "--subject", subject, "--pending-dir", pending]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`1 pending golden written to ${pending} (outside the corpus; see them with npx correx golden review --pending-dir ${pending} --root ${root})`);
    const id = "opencode-cli/bash/merged-stdout-stderr";
    const golden = join(root, "golden", `${id}.yaml`);
    const before = readFileSync(golden, "utf8");
    const look = runCli(["golden", "review", "--root", root, "--pending-dir", pending], { input: "a\ns\n" });
    expect(look.code).toBe(0);
    expect(look.stdout).toContain(`[1/1] changed golden ${golden} (from subject: ${subject})`);
    expect(look.stdout).toContain("    ⊘ pending has no newline at end (golden has one)");
    expect(look.stdout).toContain(`would write the output of ${subject} into ${root}/golden as the spec; add --write-corpus-from-subject to do that`);
    expect(look.stdout).toContain("0 accepted, 0 rejected, 1 skipped");
    expect(runCli(["golden", "review", "--root", root, "--pending-dir", pending, "--accept-all"])).toMatchObject({ code: 2, stderr: expect.stringContaining("add --write-corpus-from-subject") });
    expect(readFileSync(golden, "utf8")).toBe(before);
    const accept = runCli(["golden", "review", "--root", root, "--pending-dir", pending, "--accept-all", "--write-corpus-from-subject"]);
    expect(accept.stdout).toContain("1 accepted, 0 rejected, 0 skipped");
    expect(readFileSync(golden, "utf8")).not.toBe(before);
    expect(runCli(["golden", "review", "--root", root, "--pending-dir", pending]).stdout).toBe(`no pending goldens in ${pending}\n`);
  });
});

describe("gate --against golden counts the golden files it writes (issue 31)", () => {
  it("three tool results of one scenario × protocol with no golden yet: one pending golden, and the line says one", () => {
    const root = makeTempDir("correx-gate-pending-count-");
    const scenario = join(root, "three.yaml");
    writeFileSync(
      scenario,
      "name: three\nprompt: three calls\nturns:\n  - calls:\n      - tool: bash\n        input: {command: echo one}\n      - tool: bash\n        input: {command: echo two}\n  - calls:\n      - tool: bash\n        input: {command: echo three}\n  - text: Done.\n",
    );
    const run = runCli([
      "gate",
      "--against",
      "golden",
      "--golden-dir",
      join(root, "golden/gate"),
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--scenario",
      scenario,
      "--",
      "node",
      `${repoRoot}/examples/agents/reference-agent.mjs`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^3 cases: 0 passed, 3 failed, .*; 1 pending golden to review \(npx correx golden review --root /m);
    expect(readdirSync(join(root, "golden/gate/three"))).toEqual(["openai-chat.yaml.new"]);
  }, 60_000);
});

describe("--debug shows where a module subject threw (issue 31)", () => {
  it("without --debug the crash says the message; with it, the subject's stack, its own file and line included", () => {
    const dir = makeTempDir("correx-throwing-module-");
    const file = join(dir, "throws.mjs");
    writeFileSync(file, 'function deep() {\n  throw new TypeError("boom in the subject");\n}\nexport function format() {\n  return deep();\n}\n');
    const args = ["check", "--root", makeCorpus(["opencode-cli/bash/no-output"]), "--ci", "--subject", `module:${file}`];
    const plain = runCli(args);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain("CRASH opencode-cli/bash/no-output  (§2.1): boom in the subject\n");
    const debug = runCli([...args, "--debug"]);
    expect(debug.stdout).toContain("CRASH opencode-cli/bash/no-output  (§2.1): TypeError: boom in the subject\n    at deep (");
    expect(debug.stdout).toContain(`throws.mjs:2:9)`);
  });
});

describe("check --list and --bail (issue 31)", () => {
  it("--list prints the selection, one id a line (lower cases with their protocols), and runs nothing", () => {
    const root = makeCorpus();
    const list = runCli(["check", "--root", root, "--list", "--subject", "cmd:false"]);
    expect(list).toMatchObject({ code: 0, stderr: "" });
    expect(list.stdout).toBe(["opencode-cli/bash/merged-stdout-stderr", "opencode-cli/bash/no-output", "opencode-cli/truncate/head-by-lines", "opencode-core/bash/echo-two-parts", ""].join("\n"));
    expect(runCli(["check", "--root", root, "--list", "--profile", "opencode-core"]).stdout).toBe("opencode-core/bash/echo-two-parts\n");
    expect(runCli(["check", "--list", "--stage", "lower", "--case", "opencode-cli/lower/sdk-json-string"]).stdout).toBe(
      "opencode-cli/lower/sdk-json-string  (openai-chat, anthropic-messages, google-gemini, openai-responses)\n",
    );
    expect(runCli(["check", "--root", root, "--list", "--tag", "nope"])).toMatchObject({ code: 2, stderr: 'correx check: --tag "nope" matches no case\n' });
  });

  it("--bail stops after the first failure and says how many cases it did not run", () => {
    const root = makeCorpus();
    const run = runCli(["check", "--root", root, "--ci", "--bail", "--subject", `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs drops-final-newline`, "--reporter", "pretty"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^1 case: 0 passed, 1 failed, .*; stopped at the first failure \(--bail\), 3 cases not run in /m);
    const json = runCli(["check", "--root", root, "--ci", "--bail", "--subject", `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs drops-final-newline`, "--reporter", "json"]);
    expect(JSON.parse(json.stdout.trim().split("\n").at(-1)!)).toMatchObject({ type: "summary", total: 1, fail: 1, notRun: 3 });
  });
});

describe.skipIf(spawnSync("script", ["--version"]).status !== 0)("gate shows the running scenarios on a terminal (issue 31)", () => {
  it("a live line names each running scenario with its time, and is cleared before the result line; a pipe gets none", () => {
    const root = makeTempDir("correx-gate-live-");
    const scenario = join(root, "slow.yaml");
    writeFileSync(scenario, "name: slow\nprompt: wait\nturns:\n  - calls:\n      - tool: bash\n        input: {command: sleep 1.5}\n  - text: Done.\n");
    const gate = `"${process.execPath}" "${cliPath}" gate --profile opencode-cli --protocol openai-chat --scenario "${scenario}" -- node "${repoRoot}/examples/agents/reference-agent.mjs"`;
    // util-linux script(1) gives the command a pseudo-terminal
    const tty = spawnSync("script", ["-qec", gate, "/dev/null"], { encoding: "utf8", env: { ...process.env, CI: undefined } });
    // the live line counts seconds; under load a tick may skip, so any second after the first will do
    expect(tty.stdout).toMatch(/\r\u001b\[2Krunning: slow × openai-chat [1-9]\d* s/);
    expect(tty.stdout).toContain("\r\u001b[2Kcorrex gate: slow × openai-chat: 1/1 tool results conform");
    const piped = runCli(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`]);
    expect(piped.stderr).not.toContain("running:");
    expect(piped.stderr).toMatch(/^correx gate: slow × openai-chat: 1\/1 tool results conform/);
  }, 60_000);
});

describe("format names the observation shape a profile wants (issue 31, newcomer trial)", () => {
  it("gemini-cli's run_shell_command given the opencode-style {output, exitCode}: exit 2, one line giving the shape and the spec section (it guessed 'a refusal the profile does not model?')", () => {
    const run = runCli(["format", "--profile", "gemini-cli", "--tool", "run_shell_command", "--input", '{"command":"echo hello"}', "--observation", '{"output":"hello\\n","exitCode":0}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'correx format: run_shell_command: the observation has no "chunks": gemini-cli\'s shell observation is {"chunks": [{"stream": "stdout" | "stderr", "base64": <the bytes read>}], "exitCode", "signal", "pid"} (the bytes the CLI read, per stream and in order; docs/spec/gemini-cli-0.61.0.md §2.1)\n',
    );
  });
});

describe("what still tripped the second newcomer trial (issue 31)", () => {
  it("an unknown profile id gets a did-you-mean on every command that takes one", () => {
    const known = "known: opencode-core, opencode-cli, codex-cli, gemini-cli, claude-code\n";
    expect(runCli(["gate", "--profile", "claude", "--protocol", "anthropic-messages", "--scenario", "x.yaml", "--", "true"])).toMatchObject({
      code: 2,
      stderr: `correx gate: unknown --profile "claude" (did you mean "claude-code"?); ${known}`,
    });
    expect(runCli(["lower", "--profile", "opencode", "--protocol", "openai-chat", "-"], { input: "[]" })).toMatchObject({
      code: 2,
      stderr: `correx lower: unknown --profile "opencode" (did you mean "opencode-core" or "opencode-cli"?); ${known}`,
    });
    expect(runCli(["format", "--profile", "codex-clu", "--tool", "shell", "--input", "{}", "--observation", "{}"])).toMatchObject({
      code: 2,
      stderr: `correx format: unknown --profile "codex-clu" (did you mean "codex-cli"?); ${known}`,
    });
    expect(runCli(["profiles", "Gemini"])).toMatchObject({ code: 2, stderr: `correx profiles: unknown profile "Gemini" (did you mean "gemini-cli"?); ${known}` });
    expect(runCli(["check", "--profile", "aider"])).toMatchObject({ code: 2, stderr: `correx check: unknown --profile "aider"; ${known}` });
  });

  it("gate refuses a protocol the profile does not speak before it starts the agent (it ran the agent, then exited 3 with every result unsupported)", () => {
    const root = makeTempDir("correx-gate-protocol-");
    const marker = join(root, "agent-ran");
    const run = runCli(["gate", "--profile", "codex-cli", "--protocol", "openai-chat", "--scenario", join(repoRoot, "fixtures/scenarios/bash-echo.yaml"), "--", "sh", "-c", `touch "${marker}"`]);
    expect(run).toMatchObject({ code: 2, stdout: "", stderr: "correx gate: codex-cli speaks openai-responses, not --protocol openai-chat (npx correx profiles codex-cli)\n" });
    expect(readdirSync(root)).toEqual([]);
  });

  it("golden review with a --root that holds no corpus is bad usage and creates nothing there (it said 'no pending goldens', exit 0, and left a golden/ folder)", () => {
    const parent = makeTempDir("correx-review-root-");
    const root = join(parent, "nope-root");
    expect(runCli(["golden", "review", "--root", root])).toMatchObject({
      code: 2,
      stderr: `correx golden review: ${root} holds no corpus (no golden/ or fixtures/cases/); choose it with --root DIR\n`,
    });
    expect(readdirSync(parent)).toEqual([]);
  });

  it("a missing flag's hint is a command that works as typed (npx correx, not correx)", () => {
    expect(runCli(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", "{}"])).toMatchObject({
      code: 2,
      stderr: "correx format: --observation is required (see npx correx format --help)\n",
    });
  });
});

describe("what still tripped the third newcomer trial (issue 31)", () => {
  it("a cmd: subject whose program or script is missing is refused before it starts (it gave one CRASH line per case, the cause cut to 'Node.js v20')", () => {
    const empty = makeTempDir("correx-subject-cwd-");
    const script = runCli(["check", "--subject", "cmd:node examples/subjects/bash-adapter.mjs", "--case", "opencode-cli/bash/*"], { cwd: empty });
    expect(script).toMatchObject({
      code: 2,
      stdout: "",
      stderr: `correx check: --subject cmd: script not found: "examples/subjects/bash-adapter.mjs" is not a file (relative paths are from where correx runs, ${empty}); the correx package has it: ${relative(empty, join(repoRoot, "examples/subjects/bash-adapter.mjs"))}\n`,
    });
    expect(runCli(["check", "--subject", "cmd:correx-no-such-binary-xyz"], { cwd: empty })).toMatchObject({
      code: 2,
      stderr: 'correx check: --subject cmd: command not found: "correx-no-such-binary-xyz" is not on PATH\n',
    });
    expect(readdirSync(empty)).toEqual([]);
  });

  it("a subject that crashes at start is reported with its error line, not the last line of its stderr", () => {
    const run = runCli(["check", "--subject", `cmd:node -e "require('/correx-nope/x')"`, "--case", "opencode-cli/bash/no-output", "--max-unsupported", "100%"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("subject exited with code 1; stderr: Error: Cannot find module '/correx-nope/x'\n");
  });

  it("gate refuses an interpreter's missing script before it starts the agent (it ran it in the workspace and quoted node's stack trace)", () => {
    const empty = makeTempDir("correx-gate-cwd-");
    const run = runCli(
      ["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", join(repoRoot, "fixtures/scenarios/bash-echo.yaml"), "--", "node", "examples/agents/reference-agent.mjs"],
      { cwd: empty },
    );
    expect(run).toMatchObject({
      code: 2,
      stdout: "",
      stderr: `correx gate: agent script not found: "examples/agents/reference-agent.mjs" is not a file (relative paths are from where correx runs, ${empty}); the correx package has it: ${relative(empty, join(repoRoot, "examples/agents/reference-agent.mjs"))}\n`,
    });
  });

  it("a mistyped command, a protocol the profile does not speak and an unknown protocol say what would work", () => {
    expect(runCli(["chek"])).toMatchObject({ code: 2, stderr: `correx: unknown command "chek" (did you mean "check"?); run 'npx correx --help'\n` });
    expect(runCli(["help", "gat"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^correx help: unknown command "gat" \(did you mean "gate"\?\); known: check, /) });
    expect(runCli(["check", "--profile", "gemini-cli", "--protocol", "openai-chat"])).toMatchObject({ code: 2, stderr: "correx check: gemini-cli speaks google-gemini, not --protocol openai-chat\n" });
    expect(runCli(["gate", "--profile", "codex-cli", "--protocol", "openai", "--scenario", "x.yaml", "--", "true"])).toMatchObject({
      code: 2,
      stderr: 'correx gate: unknown --protocol "openai"; codex-cli speaks openai-responses\n',
    });
  });

  it("validate --as with an agent's name suggests its profile ids, and says profile ids are accepted", () => {
    const run = runCli(["validate", "--as", "opencode", join(repoRoot, "examples/readme/part.json")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^correx validate: unknown --as "opencode" \(did you mean "opencode-core" or "opencode-cli"\?\); known: a profile id \(opencode-core, opencode-cli, codex-cli, gemini-cli, claude-code\) or /,
    );
  });
});
