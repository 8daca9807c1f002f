// Issue 24's hostile probe as regressions (items 5, 6, 8, 9): bad scenarios, cases and files are
// exit 2 with one line naming file, line and field, before anything runs; reads and bodies are
// bounded; diffs are bounded; what subjects print reaches a terminal escaped; the probe's smaller
// findings. Against the built CLI (`npm run build` first; `npm test` does).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCodeOf } from "../../src/conformance/case-outcome.js";
import { runGate } from "../../src/gate/gate-run.js";
import { findProfile } from "../../src/profiles/profile-registry.js";
import type { Scenario } from "../../src/scenario/scenario.js";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, repoRoot } from "./run-cli.js";

const env = { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI, killed past `limitMs` (then `code` is null). */
function correx(args: string[], options: { limitMs?: number; input?: string } = {}): Run {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    env,
    input: options.input,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.limitMs ?? 60_000,
    killSignal: "SIGKILL",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
beforeAll(() => {
  dir = makeTempDir("correx-hostile-");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-call scenario file with `extra` YAML lines after its prompt; its path. */
function scenarioFile(name: string, extra: string, prompt = "Run it."): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, `name: ${name}\nspec: §2.1\nprompt: ${prompt}\n${extra}\nturns:\n  - calls:\n      - tool: bash\n        input: {command: echo hello}\n  - text: Done.\n`);
  return file;
}

/** `correx gate` on one scenario with an agent that would pass if it ever started (`true` answers nothing: never reached). */
const gate = (file: string, limitMs?: number) =>
  correx(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", file, "--reporter", "json", "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`], { limitMs });

describe("bad scenarios are exit 2 and one line naming file, line and field, before any agent runs (issue 24, item 5)", () => {
  const longName = "a".repeat(5000);
  const cases: [string, string, string][] = [
    ["dot", 'workspace: {files: {".": "x"}}', '4:21: /workspace/files: workspace path "." has a "." segment (write the path without it)'],
    ["nul", 'workspace: {files: {"a\\0b": "x"}}', '4:21: /workspace/files: workspace path "a\\u0000b" holds the control character U+0000'],
    ["escape", 'workspace: {files: {"a\\e[2Jb": "x"}}', '4:21: /workspace/files: workspace path "a\\u001b[2Jb" holds the control character U+001B'],
    ["bidi", 'workspace: {files: {"a\u202eb": "x"}}', '4:21: /workspace/files: workspace path "a\\u202eb" holds the bidirectional control U+202E'],
    ["long", `workspace: {files: {"${longName}": "x"}}`, `4:21: /workspace/files: workspace path "${"a".repeat(77)}..." is 5000 bytes long, over the 1024 byte limit for a workspace path`],
    ["segment", `workspace: {files: {"d/${"b".repeat(300)}": "x"}}`, `4:21: /workspace/files: workspace path "d/${"b".repeat(75)}..." has a 300 byte segment, over the 255 byte limit for a file name`],
    ["slashes", 'workspace: {files: {"a//b": "x"}}', '4:21: /workspace/files: workspace path "a//b" has an empty segment (a leading, doubled or trailing /)'],
    ["trailing", 'workspace: {files: {"a/": "x"}}', '4:21: /workspace/files: workspace path "a/" has an empty segment (a leading, doubled or trailing /)'],
    ["dotdir", "workspace: {directories: [.]}", '4:27: /workspace/directories/0: workspace path "." has a "." segment (write the path without it)'],
    ["parent", 'workspace: {files: {"a/../../b": "x"}}', `4:20: /workspace/files: expected property names matching ^(?!/)(?!.*(^|/)\\.\\.(/|$)).+$, found property name "a/../../b" (scenario)`],
    ["conflict", 'workspace: {files: {"a": "x", "a/b": "y"}}', '4:31: /workspace/files: workspace path "a/b" needs "a" as a folder, but /workspace/files/a makes it a file'],
    ["missing", "workspace: {folder: nosuch}", '4:21: /workspace/folder: no folder "nosuch" under fixtures/workspaces/'],
    ["gigabyte", `workspace: {files: {big: {repeat: "${"a".repeat(100)}", count: 10000000}}}`, "4:26: /workspace/files/big: the content is 1000000000 bytes, over the 64 MiB limit for one file"],
    [
      "many-files",
      'workspace: {generated: [{path: "d{n}/x", count: 100000, content: {repeat: "aaaaaaaaaa", count: 10000}}]}',
      "4:66: /workspace/generated/0/content: the workspace's files reach 268500000 bytes here, over the 256 MiB limit for a whole workspace",
    ],
    ["page", `pages: {/p: {body: {repeat: "${"a".repeat(100)}", count: 1000000}}}`, "4:20: /pages/~1p/body: the page body is 100000000 bytes, over the 64 MiB limit for one page"],
    ["agent-env-nul", 'agent: {env: {A: "x\\0y"}}', "4:18: /agent/env/A: the agent's A holds a NUL character (U+0000) at character 2, which no argv or environment string can carry"],
    ["agent-arg-nul", 'agent: {args: [ok, "x\\0"]}', "4:20: /agent/args/1: agent argument 2 holds a NUL character (U+0000) at character 2, which no argv or environment string can carry"],
    ["timeout-large", "timeoutSeconds: 3000000", "4:17: /timeoutSeconds: expected a number <= 2147483.647, found 3000000 (scenario)"],
    ["timeout-infinite", "timeoutSeconds: 1e400", "4:17: /timeoutSeconds: expected number, found a number too large to represent (read as Infinity) (scenario)"],
    ["timeout-zero", "timeoutSeconds: 0.0001", "4:17: /timeoutSeconds: expected a number >= 0.001, found 0.0001 (scenario)"],
  ];
  for (const [name, extra, line] of cases) {
    it(`${name}: ${line.slice(0, 90)}`, () => {
      const file = scenarioFile(name, extra);
      const run = gate(file, 30_000);
      expect([run.code, run.stdout]).toEqual([2, ""]);
      expect(run.stderr.split("\n")).toHaveLength(2);
      expect(run.stderr.startsWith(`correx gate: ${file}:${line}`)).toBe(true);
    });
  }

  it("a 70 KB prompt is refused (it travels in the agent's argv and environment); a 40 MB scenario file is refused before it is read", () => {
    const prompt = scenarioFile("prompt", "", "p".repeat(70_000));
    expect(gate(prompt)).toEqual({
      code: 2,
      stdout: "",
      stderr: `correx gate: ${prompt}:3:9: /prompt: the prompt is 70000 bytes, over the 65536 byte limit (it is passed in the agent's argv and environment)\n`,
    });
    const huge = join(dir, "huge.yaml");
    writeFileSync(huge, `name: huge\nspec: §2.1\nprompt: ${"p".repeat(40_000_000)}\nturns:\n  - text: Done.\n`);
    expect(gate(huge)).toEqual({ code: 2, stdout: "", stderr: `correx gate: ${huge}: scenario is 40000055 bytes, over the 33554432 byte limit\n` });
  });

  it("a NUL in the prompt is refused at its field (the agent's environment cannot hold it: the run was an internal-error crash, exit 1)", () => {
    const file = scenarioFile("nul-prompt", "", '"a\\0b"');
    expect(gate(file)).toEqual({
      code: 2,
      stdout: "",
      stderr: `correx gate: ${file}:3:9: /prompt: the prompt holds a NUL character (U+0000) at character 2, which no argv or environment string can carry\n`,
    });
  });

  it("a scenario that is not UTF-8 is refused at its byte (it was read as replacement characters)", () => {
    const file = join(dir, "binary.yaml");
    writeFileSync(file, Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0xff, 0xfe, 0x0a]));
    expect(gate(file)).toEqual({ code: 2, stdout: "", stderr: `correx gate: ${file}:1:7: invalid UTF-8 (byte offset 6)\n` });
  });

  it("validate --as scenario reports the same limits (it said: valid scenario)", () => {
    const file = scenarioFile("validate-big", `workspace: {files: {big: {repeat: "${"a".repeat(100)}", count: 10000000}}}`);
    const run = correx(["validate", "--as", "scenario", file]);
    expect([run.code, run.stdout]).toEqual([
      1,
      `${file}:4:26  /workspace/files/big  expected a scenario within correx's limits, found the content is 1000000000 bytes, over the 64 MiB limit for one file  (scenario)\n${file}: invalid scenario\n`,
    ]);
  });

  it("serve refuses the same scenarios", () => {
    const file = scenarioFile("serve-dot", 'workspace: {files: {".": "x"}}');
    const run = correx(["serve", "--protocol", "openai-chat", "--scenario", file]);
    expect([run.code, run.stderr]).toEqual([2, `correx serve: ${file}:4:21: /workspace/files: workspace path "." has a "." segment (write the path without it)\n`]);
  });
});

describe("an internal error is never a pass (issue 24, item 5)", () => {
  it("a gate scenario correx fails on is a crash and the run exits 1 (it was unsupported: exit 0)", async () => {
    // A scenario that never went through parseScenario: its workspace folder is not there.
    const scenario = { name: "unparsed", spec: "§2.1", prompt: "p", workspace: { folder: "no-such-folder" }, turns: [{ text: "Done." }] } as Scenario;
    const run = await runGate({
      profile: findProfile("opencode-cli")!,
      protocol: "openai-chat",
      scenarios: [scenario],
      command: ["true"],
      model: "m",
      workRoot: dir,
      timeoutMs: 10_000,
    });
    expect(run.outcomes.map((outcome) => [outcome.status, outcome.message])).toEqual([["crash", `the scenario's workspace cannot be set up: workspace folder "no-such-folder": ENOENT`]]);
    expect(exitCodeOf(run.summary)).toBe(1);
  });
});

describe("every @file and template read is bounded (issue 24, item 6)", () => {
  it("format --input @/dev/zero, gate --config-template /dev/zero and check --baseline /dev/zero are refused at the limit, not read until memory runs out", () => {
    const format = correx(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", "@/dev/zero", "--observation", "{}"], { limitMs: 20_000 });
    expect(format).toEqual({ code: 2, stdout: "", stderr: "correx format: /dev/zero: --input file is over the 33554432 byte limit\n" });
    const template = correx(
      ["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", `${repoRoot}/fixtures/scenarios/bash-echo.yaml`, "--config-template", "/dev/zero", "--", "true"],
      {
        limitMs: 20_000,
      },
    );
    expect(template).toEqual({ code: 2, stdout: "", stderr: "correx gate: /dev/zero: --config-template is over the 1048576 byte limit\n" });
    const baseline = correx(["check", "--update", "no", "--baseline", "/dev/zero"], { limitMs: 20_000 });
    expect(baseline).toEqual({ code: 2, stdout: "", stderr: "correx check: /dev/zero: baseline is over the 33554432 byte limit\n" });
  });
});

/** Peak resident set of a live process in MiB. */
const peakMiB = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

describe.skipIf(process.platform !== "linux")("serve keeps no request body past its answer (issue 24, item 6)", () => {
  it("20 × 20 MiB at once: every request answered, peak RSS under 700 MiB (it kept every body: over 1.3 GB)", async () => {
    const child = spawn(process.execPath, [cliPath, "serve", "--protocol", "openai-chat"], { env, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0]!);
        });
        child.on("exit", (code) => reject(new Error(`serve exited ${code}`)));
      });
      const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "x".repeat(20 * 1024 * 1024) }] });
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          }),
        ),
      );
      expect(statuses).toEqual(Array(20).fill(200));
      expect(peakMiB(child.pid!)).toBeLessThan(700);
    } finally {
      child.kill("SIGKILL");
    }
  }, 120_000);
});

describe("bounded diffs and escaped output (issue 24, item 8)", () => {
  it("one wrong 80,000-line result: the first difference and both sizes, at once (the diff took minutes)", () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output"]);
    const output = Array.from({ length: 80_000 }, (_, index) => `line ${index}`).join("\n");
    const golden = join(corpus, "golden/opencode-cli/bash/no-output.yaml");
    writeFileSync(
      golden,
      `correx: golden/1\ncase: opencode-cli/bash/no-output\nspec: "§2.1"\nreviewed: "a test's golden"\nexpected: ${JSON.stringify({ result: { status: "completed", title: "true", output, metadata: { truncated: false } } })}\n`,
    );
    const run = correx(["check", "--root", corpus, "--update", "no", "--subject", `cmd:node ${repoRoot}/test/miniatures/chaos-subject.mjs wrong-lines`], { limitMs: 60_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      [
        "  /result/output:",
        "    --- expected",
        "    +++ actual",
        "    @@ first difference at line 1 (too different to diff within 500 changed lines) @@",
        "    -line 0",
        "    +wrong line 0",
        "    expected: 80000 lines, 868889 bytes; actual: 80000 lines, 1348889 bytes",
      ].join("\n"),
    );
  });

  it("a subject's terminal escapes, CR and C1 CSI reach the pretty report escaped", () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output"]);
    const run = correx(["check", "--root", corpus, "--update", "no", "--subject", `cmd:node ${repoRoot}/test/miniatures/chaos-subject.mjs escape-error`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("CRASH opencode-cli/bash/no-output  (§2.1): subject reported internal: \\x1b[2J\\x1b[31mpwned\\rhidden\\x9b0m\\x07\n");
    expect(/[\u001b\r\u0007\u009b]/.test(run.stdout)).toBe(false);
  });

  it("the TAP report escapes the C1 CSI and bidirectional overrides too (JSON.stringify left U+009B raw in its YAML block)", () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output"]);
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "tap", "--subject", `cmd:node ${repoRoot}/test/miniatures/chaos-subject.mjs escape-error`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('  message: "subject reported internal: \\u001b[2J\\u001b[31mpwned\\rhidden\\x9b0m\\u0007"\n');
    expect(/[\u001b\r\u0007\u0080-\u009f\u202a-\u202e]/.test(run.stdout)).toBe(false);
  });

  it("a case file whose name holds a newline cannot forge a report line: the pending golden's path is escaped (it was printed raw)", () => {
    const corpus = makeCorpus([]);
    mkdirSync(join(corpus, "fixtures/cases/opencode-cli/bash"), { recursive: true });
    mkdirSync(join(corpus, "golden"), { recursive: true });
    writeFileSync(join(corpus, "fixtures/cases/opencode-cli/bash/a\nPASS forged.yaml"), readFileSync(join(repoRoot, "fixtures/cases/opencode-cli/bash/no-output.yaml")));
    const run = correx(["check", "--root", corpus]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`pending golden written: ${corpus}/golden/opencode-cli/bash/a\\nPASS forged.yaml.new\n`);
    expect(run.stdout.split("\n").filter((line) => line.startsWith("PASS"))).toEqual([]);
  });

  it("preview: an MCP server's tool name and result text reach the terminal escaped (they were printed raw)", () => {
    const result = JSON.stringify({ content: [{ type: "text", text: "\u001b[31mRED\u001b]0;title\u0007\r\u009bX\u202erev" }] });
    const run = correx(["preview", "--profile", "opencode-cli", "--tool", '{"name":"t\\u001b[2J","inputSchema":{"type":"object"}}', "--result", "-"], { input: result });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('correx preview: tool "t\\x1b[2J" of server "server": 1 content item\n');
    expect(run.stdout).toContain("  | \\x1b[31mRED\\x1b]0;title\\x07\\r\\x9bX\\u202erev\n");
    expect(/[\u001b\r\u0007\u0080-\u009f\u202a-\u202e]/.test(run.stdout)).toBe(false);
  });
});

describe("the probe's smaller findings (issue 24, item 9)", () => {
  it("serve: a port already in use is one usage line (was an internal error)", async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) => holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)));
    try {
      const run = correx(["serve", "--protocol", "openai-chat", "--port", String(port)]);
      expect(run).toEqual({ code: 2, stdout: "", stderr: `correx serve: --port ${port} is already in use on 127.0.0.1; choose another, or --port 0 for a free one\n` });
    } finally {
      holder.close();
    }
  });

  it("check: an invalid redact pattern is exit 2 at its line (was an internal error); a catastrophic one is stopped and named (it hung check)", () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output"]);
    const file = join(corpus, "fixtures/cases/opencode-cli/bash/no-output.yaml");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}redact:\n  - {pattern: "(", token: X}\n`);
    const invalid = correx(["check", "--root", corpus, "--update", "no"]);
    expect(invalid).toEqual({
      code: 2,
      stdout: "",
      stderr: `correx check: ${file}:10:15: /redact/0/pattern: not a valid JavaScript regular expression: Invalid regular expression: /(/g: Unterminated group\n`,
    });
    writeFileSync(file, original.replace('observation: { output: "", exitCode: 0 }', `observation: { output: "${"a".repeat(40)}!", exitCode: 0 }`) + 'redact:\n  - {pattern: "(a+)+$", token: X}\n');
    const catastrophic = correx(["check", "--root", corpus, "--update", "no"], { limitMs: 60_000 });
    expect(catastrophic).toEqual({
      code: 2,
      stdout: "",
      stderr: `correx check: ${file}:10:15: /redact: the case's redact patterns took over 2000 ms on this case's output (a pattern that backtracks catastrophically, such as a repeated group that itself repeats?)\n`,
    });
  });

  it("check: --output-dir naming a file is exit 2 (every case crashed, exit 1)", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    const run = correx(["check", "--update", "no", "--output-dir", file]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `correx check: --output-dir ${file} is a file, not a folder: subjects save full outputs in it\n` });
  });

  it("check: --output-dir naming a dangling link, a device or a FIFO is exit 2 and one line before any case runs (a dangling link crashed every case, exit 1)", () => {
    const dangling = join(dir, "output-dangling");
    symlinkSync(join(dir, "nothing-here"), dangling);
    const fifo = join(dir, "output-fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const refusals = [dangling, "/dev/null", fifo].map((given) => correx(["check", "--case", "opencode-cli/bash/*", "--update", "no", "--output-dir", given]));
    expect(refusals).toEqual([
      { code: 2, stdout: "", stderr: `correx check: --output-dir ${dangling} is a link to nothing (${dir}/nothing-here): subjects save full outputs in it\n` },
      { code: 2, stdout: "", stderr: "correx check: --output-dir /dev/null is a character device, not a folder: subjects save full outputs in it\n" },
      { code: 2, stdout: "", stderr: `correx check: --output-dir ${fifo} is a FIFO, not a folder: subjects save full outputs in it\n` },
    ]);
  });

  it("gate: --work-dir naming a file, a device, a FIFO or a dangling link is exit 2 and one line before anything runs (was an internal error: EEXIST, ENOENT)", () => {
    const file = join(dir, "work-file");
    writeFileSync(file, "x");
    const fifo = join(dir, "work-fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const dangling = join(dir, "work-dangling");
    symlinkSync("/nonexistent-correx-work", dangling);
    const scenario = join(repoRoot, "fixtures/scenarios/bash-echo.yaml");
    const refusals = [file, "/dev/null", fifo, dangling, join(file, "runs")].map((given) =>
      correx(["gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--work-dir", given, "--", "node", `${repoRoot}/examples/agents/reference-agent.mjs`]),
    );
    expect(refusals).toEqual([
      { code: 2, stdout: "", stderr: `correx gate: --work-dir ${file} is a file, not a folder: run directories go in it\n` },
      { code: 2, stdout: "", stderr: "correx gate: --work-dir /dev/null is a character device, not a folder: run directories go in it\n" },
      { code: 2, stdout: "", stderr: `correx gate: --work-dir ${fifo} is a FIFO, not a folder: run directories go in it\n` },
      { code: 2, stdout: "", stderr: `correx gate: --work-dir ${dangling} is a link to nothing (/nonexistent-correx-work): run directories go in it\n` },
      { code: 2, stdout: "", stderr: `correx gate: --work-dir ${file}/runs cannot be made: ${file} is a file, not a folder: run directories go in it\n` },
    ]);
  });

  it("adapter: a line nesting 100,000 levels is invalid-request (was internal: stack overflow), and the adapter goes on", () => {
    const run = correx(["adapter"], { input: `${"[".repeat(100_000)}${"]".repeat(100_000)}\n{"id":2,"op":"bye"}\n` });
    expect(run.stdout).toBe('{"id":null,"ok":false,"error":{"code":"invalid-request","message":"request nests deeper than 512 levels"}}\n{"id":2,"ok":true,"result":{}}\n');
  });

  it("check: a link loop (and a second link to the same folder) under fixtures/cases lists each case once (it made phantom cases)", () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output", "opencode-cli/bash/merged-stdout-stderr"]);
    symlinkSync("..", join(corpus, "fixtures/cases/opencode-cli/bash/loop"));
    mkdirSync(join(corpus, "fixtures/cases/opencode-cli/more"));
    symlinkSync("../bash", join(corpus, "fixtures/cases/opencode-cli/more/again"));
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json"]);
    const ids = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; id?: string })
      .filter((row) => row.type === "case")
      .map((row) => row.id);
    expect([run.code, ids]).toEqual([0, ["opencode-cli/bash/merged-stdout-stderr", "opencode-cli/bash/no-output"]]);
  });
});
