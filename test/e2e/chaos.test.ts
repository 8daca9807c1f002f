// Issue 14's reliability probe as regressions: each defect it found, with a bound on wall time,
// against the built CLI. Every correx started here carries CHAOS in its environment (and every
// process it starts inherits it, whatever its session), so afterAll can prove that nothing
// outlived the run; the file's temp folders, and every per-run output folder a subject saw, must
// be gone too.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgentProcess } from "../../src/gate/gate-agent-process.js";
import { listMarkedProcesses } from "../../src/process/list-processes.js";
import { PROCESS_TREE_VARIABLE } from "../../src/process/process-tree.js";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, repoRoot } from "./run-cli.js";

const CHAOS = `chaos-${randomUUID()}`;
const env = { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined, [PROCESS_TREE_VARIABLE]: CHAOS };
const subject = (mode: string, ...args: string[]) => `cmd:node ${repoRoot}/test/miniatures/chaos-subject.mjs ${mode} ${args.join(" ")}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TimedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The built CLI with the chaos marker, timed; killed (and failed) past `limitMs`. */
function correx(args: string[], options: { input?: string | Buffer; limitMs?: number } = {}): TimedRun {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    input: options.input,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: options.limitMs ?? 120_000,
    killSignal: "SIGKILL",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

/** JSON reporter rows of a check run. */
const caseRows = (run: TimedRun) =>
  run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; id: string; status: string; message?: string })
    .filter((row) => row.type === "case");

let dir: string;
let corpus: string;
const outputDirsSeen: string[] = [];
/**
 * Wall time of a 4-case check with a well-behaved cmd: subject on this machine now: the bounds
 * below are this plus a margin far under what each defect cost (the machine is shared, so
 * absolute times drift with its load).
 */
let baselineMs: number;

beforeAll(() => {
  dir = makeTempDir("correx-chaos-");
  corpus = makeCorpus();
  const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--subject", subject("plain")]);
  expect(run.code).toBe(0);
  baselineMs = run.ms;
}, 120_000);

afterAll(async () => {
  await sleep(200);
  rmSync(dir, { recursive: true, force: true });
  rmSync(corpus, { recursive: true, force: true });
  // Nothing left behind: no process of any run above, no temp folder of this file or of a run.
  expect(listMarkedProcesses(CHAOS)).toEqual([]);
  expect([dir, corpus, ...outputDirsSeen].filter((path) => existsSync(path))).toEqual([]);
}, 30_000);

describe("linear line reading (issue 14: quadratic line assembly)", () => {
  /** One 16 MB JSON line, malformed at its last byte: read and parsed whole, then refused. */
  const line = () => {
    const head = '{"type":"tool-result","id":"call_1","name":"bash","result":{"type":"text","value":"';
    return head + "x".repeat(16_000_000 - head.length - 3) + '"}x';
  };

  it("validate: a 16 MB line on stdin or in a file without .json costs about what the .json file does (was 17.9 s vs 1.2 s)", () => {
    const text = line();
    const named = join(dir, "line.json");
    const unnamed = join(dir, "line-record");
    writeFileSync(named, text);
    writeFileSync(unnamed, text);
    const file = correx(["validate", named]);
    const stdin = correx(["validate", "-"], { input: text });
    const auto = correx(["validate", unnamed]);
    expect(file.stderr).toBe(`correx validate: ${named}:1:16000000: malformed JSON: unexpected character "x", expected "," or "}"\n`);
    expect(stdin.stderr).toBe(`correx validate: <stdin>:1:16000000: malformed JSON: unexpected character "x", expected "," or "}"\n`);
    expect(auto.stderr).toBe(`correx validate: ${unnamed}:1:16000000: malformed JSON: unexpected character "x", expected "," or "}"\n`);
    expect([file.code, stdin.code, auto.code]).toEqual([2, 2, 2]);
    // bench/validate holds the 2x target on a quiet machine; here, a bound that a quadratic reader misses by far
    expect(stdin.ms).toBeLessThan(3 * file.ms + 3000);
    expect(auto.ms).toBeLessThan(3 * file.ms + 3000);
  });

  it("adapter: a 30 MB unterminated line is answered once, quickly (20 MB took 26 s); a line over 32 MiB is refused and skipped", () => {
    const big = correx(["adapter"], { input: "x".repeat(30_000_000), limitMs: 60_000 });
    expect(big.stdout).toMatch(/^\{"id":null,"ok":false,"error":\{"code":"invalid-request","message":"malformed JSON: [^\n]*"\}\}\n$/);
    expect(big.ms).toBeLessThan(20_000); // the quadratic reader needed about a minute
    const over = correx(["adapter"], { input: "y".repeat(40 * 1024 * 1024) + '\n{"id":7,"op":"hello"}\n', limitMs: 60_000 });
    const replies = over.stdout
      .trim()
      .split("\n")
      .map((reply) => JSON.parse(reply) as { id: unknown; ok: boolean; error?: { message: string } });
    expect(replies.map((reply) => [reply.id, reply.ok, reply.error?.message])).toEqual([
      [null, false, "request line longer than 33554432 bytes"],
      [7, true, undefined],
    ]);
    expect(over.ms).toBeLessThan(20_000);
  });

  it("cmd: subject: a valid 8 MB reply is read well within the default 10 s timeout (was 10.9 s: timeout)", () => {
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--case", "opencode-cli/bash/no-output", "--subject", subject("huge-reply")]);
    expect(caseRows(run).map((row) => [row.id, row.status])).toEqual([["opencode-cli/bash/no-output", "fail"]]);
    expect(run.ms).toBeLessThan(baselineMs + 9000);
  });
});

/** The process tests read /proc and start `setsid` (util-linux). */
const canTrackProcesses = existsSync("/proc/self/environ") && spawnSync("sh", ["-c", "command -v setsid"]).status === 0;

describe.skipIf(!canTrackProcesses)("subjects and agents die with their run (issue 14: orphans)", () => {
  it("a subject that exits leaving a child holding its pipes: the run ends at once and the child is killed", () => {
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--subject", subject("orphan-on-format")]);
    const statuses = Object.fromEntries(caseRows(run).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({
      "opencode-cli/bash/no-output": "crash",
      "opencode-cli/bash/merged-stdout-stderr": "crash",
      "opencode-core/bash/echo-two-parts": "crash",
      "opencode-cli/truncate/head-by-lines": "pass",
    });
    expect(caseRows(run)[0].message).toBe("subject exited with code 4");
    expect(run.ms).toBeLessThan(baselineMs + 30_000); // the first orphan alone held the pipes for 60 s
    expect(listMarkedProcesses(CHAOS)).toEqual([]);
  });

  for (const mode of ["setsid-grandchild", "double-fork"]) {
    it(`a subject's ${mode} does not outlive the run`, async () => {
      const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--subject", subject(mode)]);
      expect(caseRows(run).map((row) => row.status)).toEqual(["pass", "pass", "pass", "pass"]);
      expect(run.ms).toBeLessThan(baselineMs + 30_000);
      await sleep(100);
      expect(listMarkedProcesses(CHAOS)).toEqual([]);
    });
  }

  it("a gate agent's setsid escapee (its parent gone) and a child holding its pipes are killed when the agent exits", async () => {
    const escapee = await runAgentProcess(["sh", "-c", "(setsid sleep 60 &); sleep 0.3; echo done; exit 0"], { cwd: dir, env, timeoutMs: 10_000 });
    expect([escapee.status, escapee.code, escapee.outputTail]).toEqual(["exited", 0, "done\n"]);
    const holder = await runAgentProcess(["sh", "-c", "sleep 60 & echo started; exit 3"], { cwd: dir, env, timeoutMs: 10_000 });
    expect([holder.status, holder.code, holder.outputTail]).toEqual(["exited", 3, "started\n"]);
    expect(holder.durationMs).toBeLessThan(20_000); // the holder sleeps 60 s
    await sleep(100);
    expect(listMarkedProcesses(CHAOS)).toEqual([]);
  });

  it("a gate agent past its deadline is killed with its double-forked daemon", async () => {
    const exit = await runAgentProcess(["sh", "-c", "(sleep 60 &); sleep 60"], { cwd: dir, env, timeoutMs: 300 });
    expect(exit.status).toBe("timeout");
    expect(exit.durationMs).toBeLessThan(20_000);
    await sleep(100);
    expect(listMarkedProcesses(CHAOS)).toEqual([]);
  });
});

describe("time limits mean what they say (issue 14: hangs)", () => {
  it("a subject that never answers hello costs --start-timeout per start, and 3 failed starts end the restarts", () => {
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--start-timeout", "300", "--subject", subject("silent")]);
    const rows = caseRows(run);
    expect(rows.map((row) => [row.status, row.message])).toEqual([
      ["crash", "subject failed to start: no answer to hello within 300 ms of starting"],
      ["crash", "subject failed to start: no answer to hello within 300 ms of starting"],
      ["crash", "subject failed to start: no answer to hello within 300 ms of starting"],
      ["crash", "subject not restarted: it failed to start 3 times in a row (last: no answer to hello within 300 ms of starting)"],
    ]);
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(baselineMs + 20_000); // was max(30 s, timeout) per case: 2 minutes
  });

  it("--start-timeout and --max-failed-starts set the handshake bound and K", () => {
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--start-timeout", "200", "--max-failed-starts", "1", "--subject", subject("silent")]);
    expect(caseRows(run).map((row) => row.message)).toEqual([
      "subject failed to start: no answer to hello within 200 ms of starting",
      ...Array(3).fill("subject not restarted: it failed to start 1 times in a row (last: no answer to hello within 200 ms of starting)"),
    ]);
    expect(run.ms).toBeLessThan(baselineMs + 20_000);
  });

  for (const [flag, value] of [
    ["--timeout", "2147483648"],
    ["--timeout", "0"],
    ["--timeout", "1e3"],
    ["--start-timeout", "99999999999"],
  ]) {
    it(`${flag} ${value} is an input error (exit 2, one line); a timer past 2^31-1 ms would fire at once`, () => {
      const run = correx(["check", "--root", corpus, flag, value]);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, "", `correx check: ${flag} must be a whole number of milliseconds from 1 to 2147483647, found "${value}"\n`]);
    });
  }
});

describe("nothing written outside the run (issue 14: litter)", () => {
  it("check saves full outputs in a fresh per-run folder of the corpus's path length, removed at the end", () => {
    const record = join(dir, "output-dirs.txt");
    const run = correx(["check", "--root", corpus, "--update", "no", "--reporter", "json", "--subject", subject("record-output-dir", record)]);
    expect(run.code).toBe(0);
    const seen = [...new Set(readFileSync(record, "utf8").trim().split("\n"))];
    outputDirsSeen.push(...seen);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^\/tmp\/correx-[A-Za-z0-9]{6}$/);
    expect(seen[0].length).toBe("/tmp/correx-output".length);
    expect(existsSync(seen[0])).toBe(false);
  });
});

describe("small defects (issue 14)", () => {
  it("serve: a 100,000-deep body is 400 in the provider's shape (was 500: stack overflow); it and a body over the limit are said on stderr (were not)", async () => {
    const child = spawn(process.execPath, [cliPath, "serve", "--protocol", "openai-chat", "--port", "0", "--max-body-bytes", "300000", "--scenario", `${repoRoot}/fixtures/scenarios/bash-echo.yaml`], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0]);
        });
        child.on("exit", (code) => reject(new Error(`serve exited ${code}`)));
      });
      const deep = "[".repeat(100_000) + "]".repeat(100_000);
      const response = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: `{"model":"m","messages":${deep}}` });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('{"error":{"message":"Request body nests deeper than 512 levels (correx fake).","type":"invalid_request_error","param":null,"code":null}}');
      const big = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: `{"model":"${"m".repeat(400_000)}"}` });
      expect(big.status).toBe(413);
      await big.text();
      // serve says it on stderr before it answers, but the pipe may deliver it after the answer
      for (let waited = 0; waited < 5000 && stderr.split("\n").length < 3; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stderr).toBe(
        `correx serve: refused POST ${url}/v1/chat/completions: a body nested deeper than 512 levels (answered 400)\ncorrex serve: refused POST ${url}/v1/chat/completions: a body over 300000 bytes (answered 413)\n`,
      );
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("validate: deeply nested YAML is refused at a real line (was line 0), block or flow", () => {
    const block = join(dir, "deep-block.yaml");
    writeFileSync(block, Array.from({ length: 600 }, (_, depth) => `${" ".repeat(depth)}k${depth}:`).join("\n") + "\n");
    const flow = join(dir, "deep-flow.yaml");
    writeFileSync(flow, "a: " + "[".repeat(600) + "]".repeat(600) + "\n");
    const sequence = join(dir, "deep-seq.yaml");
    writeFileSync(sequence, "- ".repeat(2000) + "x\n");
    expect(correx(["validate", block]).stderr).toBe(`correx validate: ${block}:513:513: nesting deeper than 512 levels\n`);
    expect(correx(["validate", flow]).stderr).toBe(`correx validate: ${flow}:1:516: nesting deeper than 512 levels\n`);
    expect(correx(["validate", sequence]).stderr).toBe(`correx validate: ${sequence}:1:1023: nesting deeper than 512 levels\n`);
  });

  it("validate: a duplicate JSON key is refused at the second one, as in YAML (file and JSONL on stdin)", () => {
    const file = join(dir, "dup.json");
    writeFileSync(file, '{"type":"tool-result","id":"a",\n  "name":"bash","id":"b","result":{"type":"text","value":"x"}}');
    const run = correx(["validate", file]);
    expect([run.code, run.stderr]).toEqual([2, `correx validate: ${file}:2:17: malformed JSON: duplicate key "id"\n`]);
    const part = '{"type":"tool-result","id":"a","name":"bash","result":{"type":"text","value":"x"}}';
    const stdin = correx(["validate", "-"], { input: `${part}\n${part.replace('"value":"x"', '"value":"x","value":"y"')}\n` });
    expect([stdin.code, stdin.stderr]).toEqual([2, 'correx validate: <stdin>:2:82: malformed JSON: duplicate key "value"\n']);
  });

  for (const [flags, line] of [
    [["--case", "opencode-cli/nothing/*"], '--case "opencode-cli/nothing/*" matches no case'],
    [["--tag", "no-such-tag"], '--tag "no-such-tag" matches no case'],
    [["--protocol", "openai-chat"], '--protocol "openai-chat" matches no case'],
    [["--stage", "lower"], '--stage "lower" matches no case'],
    [["--profile", "opencode-core", "--stage", "truncate"], 'no case matches --profile "opencode-core" with --stage "truncate"'],
  ] as const) {
    it(`check ${flags.join(" ")}: a filter matching nothing is exit 2 with one line naming it (was exit 1, empty table)`, () => {
      const run = correx(["check", "--root", corpus, "--update", "no", ...flags]);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, "", `correx check: ${line}\n`]);
    });
  }
});
