import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ripgrepAvailable } from "../../src/environment/ripgrep-available.js";
import { makeTempDir } from "../temp-dirs.js";
import { gateArgv, runGate } from "./gate-runner.js";
import { repoRoot, runCli } from "./run-cli.js";

const agent = ["node", `${repoRoot}/examples/agents/reference-agent.mjs`];
const scenario = (name: string) => ["--scenario", `${repoRoot}/fixtures/scenarios/${name}.yaml`];
const hasRipgrep = await ripgrepAvailable();

interface JsonReport {
  outcomes: { id: string; status: string; message?: string; golden: string }[];
}
/** The json reporter writes one JSON object per line: the cases, then a summary. */
const report = (file: string): JsonReport => ({
  outcomes: readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as JsonReport["outcomes"][number] & { type: string })
    .filter((line) => line.type === "case"),
});

describe("correx gate against correx's own reference loop run as an agent", () => {
  it("passes every tool result on openai-chat, anthropic-messages and google-gemini", async () => {
    const work = makeTempDir("correx-gate-ref-");
    const names = ["bash-echo", "read-small", "read-png", "parallel-read-bash", "unknown-tool", "invalid-arguments", "write-overwrite", ...(hasRipgrep ? ["glob-match", "grep-match"] : [])];
    const result = await runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--protocol",
      "anthropic-messages",
      "--protocol",
      "google-gemini",
      "--work-dir",
      work,
      "--reporter",
      `json=${work}/report.json`,
      "--jobs",
      "2",
      ...names.flatMap(scenario),
      "--",
      ...agent,
    ]);
    const outcomes = report(`${work}/report.json`).outcomes;
    expect(
      outcomes.filter((outcome) => outcome.status !== "pass"),
      result.stderr,
    ).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(names.length * 3);
    expect(result.code).toBe(0);
  }, 120_000);

  it("a v2 defect makes the other calls of its turn unsupported, naming the rule; a later turn is judged as usual (Profile.interruptsTurn; seed 7002)", async () => {
    const work = makeTempDir("correx-gate-defect-");
    writeFileSync(
      `${work}/defect.yaml`,
      [
        "name: defect",
        'description: "A glob on a file path is a defect in the v2 runtime; the read beside it is a race."',
        'spec: "§1.2 (settle, defects), §2.6 (v2)"',
        "argumentStyle: opencode-core",
        "prompt: Glob a file.",
        "workspace:",
        "  files:",
        '    a.txt: "x\\n"',
        "turns:",
        "  - calls:",
        "      - tool: glob",
        "        input: {pattern: '*', path: a.txt}",
        "      - tool: read",
        "        input: {path: a.txt}",
        "  - calls:",
        "      - tool: read",
        "        input: {path: a.txt}",
        "  - text: Done.",
        "",
      ].join("\n"),
    );
    const result = await runGate(
      ["--profile", "opencode-core", "--protocol", "anthropic-messages", "--work-dir", work, "--reporter", `json=${work}/report.json`, "--scenario", `${work}/defect.yaml`, "--", ...agent],
      { CORREX_AGENT_PROFILE: "opencode-core" },
    );
    const outcomes = report(`${work}/report.json`).outcomes;
    const status = (call: string) => outcomes.find((outcome) => outcome.id.endsWith(call));
    expect(status("toolu_1_1")?.status, result.stdout + result.stderr).toBe("pass");
    expect(status("toolu_1_2")?.status).toBe("unsupported");
    expect(status("toolu_1_2")?.message).toContain("a defect in one call interrupts the calls of its turn still running");
    expect(status("toolu_2_1")?.status).toBe("pass");
  }, 120_000);

  it("a 2.4 MB image inside a tool result (openai-responses, anthropic-messages, gemini-3) passes in time linear in its size: within 10× a 1 KB image's run", async () => {
    const work = makeTempDir("correx-gate-big-image-");
    // A PNG signature and IHDR, then seeded noise: its base64 holds every character, '/' included
    // (the saved-output path search once backtracked from each '/' to the end: minutes at 2.4 MB).
    const png = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
      let seed = 7;
      for (let index = 33; index < size; index++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        bytes[index] = seed >>> 24;
      }
      return Buffer.from(bytes).toString("base64");
    };
    const imageScenario = (name: string, size: number) => {
      const file = `${work}/${name}.yaml`;
      writeFileSync(
        file,
        [
          `name: ${name}`,
          "description: An image read as an attachment, carried inside the tool result.",
          "spec: §2.2",
          "prompt: Look at image.png.",
          "workspace:",
          "  files:",
          `    image.png: {base64: ${png(size)}}`,
          "turns:",
          "  - calls:",
          "      - tool: read",
          "        input: {filePath: image.png}",
          "  - text: Done.",
          "",
        ].join("\n"),
      );
      return file;
    };
    const small = imageScenario("image-small", 1_000);
    const big = imageScenario("image-big", 2_400_000);
    // the protocols whose tool result itself holds the media (opencode-cli: §4.2; gemini-3's functionResponse parts)
    const runs = [
      { protocol: "openai-responses", model: [] },
      { protocol: "anthropic-messages", model: [] },
      { protocol: "google-gemini", model: ["--model", "gemini-3-correx-fake"] },
    ];
    const timed = async (protocol: string, model: string[], file: string, label: string) => {
      const started = performance.now();
      const reportFile = `${work}/${protocol}-${label}.json`;
      const result = await runGate([
        "--profile",
        "opencode-cli",
        "--protocol",
        protocol,
        ...model,
        "--work-dir",
        `${work}/${protocol}-${label}`,
        "--reporter",
        `json=${reportFile}`,
        "--scenario",
        file,
        "--",
        ...agent,
      ]);
      const ms = performance.now() - started;
      expect(result.code, result.stderr).toBe(0);
      expect(report(reportFile).outcomes.map((outcome) => outcome.status)).toEqual(["pass"]);
      return ms;
    };
    for (const { protocol, model } of runs) {
      const smallMs = await timed(protocol, model, small, "small");
      const bigMs = await timed(protocol, model, big, "big");
      expect(bigMs, `${protocol}: 2.4 MB image ${bigMs.toFixed(0)} ms vs 1 KB image ${smallMs.toFixed(0)} ms`).toBeLessThan(smallMs * 10);
    }
  }, 300_000);

  it("writes each scenario's json case lines as soon as it is known: a gate killed in its second scenario leaves the first's on disk, and stdout's json streams in report order", async () => {
    const work = makeTempDir("correx-gate-incremental-");
    // bash-echo runs the reference agent; read-small's agent hangs until the gate is killed
    const hangOnSecond = ["sh", "-c", `case "$CORREX_RUN_DIR" in *read-small*) exec sleep 600;; esac; exec node ${repoRoot}/examples/agents/reference-agent.mjs`];
    const [file, ...args] = gateArgv([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--work-dir",
      work,
      "--reporter",
      `json=${work}/report.json`,
      ...scenario("bash-echo"),
      ...scenario("read-small"),
      "--",
      ...hangOnSecond,
    ]);
    const child = spawn(file!, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const closed = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    // the progress line of bash-echo is printed after its case lines were appended
    while (!stderr.includes("bash-echo × openai-chat")) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(`${work}/report.json`, "utf8")).toMatch(/^\{"type":"case","id":"bash-echo\/openai-chat\/call_1_1","status":"pass",.*\}\n$/);
    child.kill("SIGTERM");
    expect(await closed).toBe(143);
    const lines = readFileSync(`${work}/report.json`, "utf8").trimEnd().split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { type: string; id: string }).id)).toEqual(["bash-echo/openai-chat/call_1_1"]);

    // on stdout: the same case lines and summary as the report file, in report order
    const streamed = await runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--protocol",
      "anthropic-messages",
      "--jobs",
      "2",
      "--work-dir",
      work,
      "--reporter",
      "json",
      "--reporter",
      `json=${work}/both.json`,
      ...scenario("bash-echo"),
      ...scenario("read-small"),
      "--",
      ...agent,
    ]);
    expect(streamed.code, streamed.stderr).toBe(0);
    const withoutDate = (text: string) => text.replace(/"durationMs":[0-9.]+/g, "").replace(/"date":"[^"]+"/, "");
    expect(withoutDate(streamed.stdout)).toBe(withoutDate(readFileSync(`${work}/both.json`, "utf8")));
    expect(report(`${work}/both.json`).outcomes.map((outcome) => outcome.id)).toEqual([
      "bash-echo/openai-chat/call_1_1",
      "read-small/openai-chat/call_1_1",
      "bash-echo/anthropic-messages/toolu_1_1",
      "read-small/anthropic-messages/toolu_1_1",
    ]);
  }, 120_000);

  it("fails a deliberately broken agent naming the scenario, the tool call and the byte (Done-when 3)", async () => {
    const work = makeTempDir("correx-gate-flip-");
    const result = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", "--work-dir", work, ...scenario("bash-echo"), "--", ...agent], { CORREX_FLIP_BYTE: "1" });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    // bash `echo hello` → the tool message {"role":"tool","tool_call_id":"call_1_1","content":"hello\n"}: the agent sent "iello\n"
    expect(result.stdout).toContain(
      'FAIL bash-echo/openai-chat/call_1_1  (§2.1): call call_1_1 bash {"command":"echo hello"}: first difference at byte 62 of the fragment\'s JSON: expected 0x68 "h", found 0x69 "i"',
    );
    expect(result.stdout).toContain("    -hello\n    +iello\n");
  }, 60_000);

  it("a refused permission ends the reference loop's session as it ends opencode run's: no crash, and the gate expects no result (it crashed formatting the ask)", async () => {
    const work = makeTempDir("correx-gate-permission-");
    const result = await runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "anthropic-messages",
      "--work-dir",
      work,
      ...scenario("permission-asks"),
      ...scenario("permission-env-read"),
      "--",
      ...agent,
    ]);
    expect(result.stdout + result.stderr).not.toContain("TypeError");
    expect(result.stdout).not.toContain("CRASH");
    expect(result.code, result.stdout + result.stderr).toBe(0);
  }, 120_000);

  it("kills a hung agent with its whole process tree (timeout) and reports a crashed one (crash); the run goes on", async () => {
    const work = makeTempDir("correx-gate-hang-");
    const marker = 300 + Math.floor(Math.random() * 600);
    const hung = await runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--timeout",
      "1000",
      "--work-dir",
      work,
      "--reporter",
      `json=${work}/hung.json`,
      ...scenario("bash-echo"),
      ...scenario("read-small"),
      "--",
      "sh",
      "-c",
      `sleep ${marker} & sleep ${marker}`,
    ]);
    expect(hung.code, hung.stdout + hung.stderr).toBe(1);
    expect(report(`${work}/hung.json`).outcomes.map((outcome) => `${outcome.id} ${outcome.status}`)).toEqual(["bash-echo/openai-chat/call_1_1 timeout", "read-small/openai-chat/call_1_1 timeout"]);
    const leftovers = readdirSync("/proc").filter((pid) => /^\d+$/.test(pid) && existsSync(`/proc/${pid}/cmdline`) && safeRead(`/proc/${pid}/cmdline`).includes(`sleep\u0000${marker}`));
    expect(leftovers).toEqual([]);
    const crashed = await runGate([
      "--profile",
      "opencode-cli",
      "--protocol",
      "openai-chat",
      "--work-dir",
      work,
      "--reporter",
      `json=${work}/crash.json`,
      ...scenario("bash-echo"),
      "--",
      "sh",
      "-c",
      "echo boom >&2; exit 3",
    ]);
    expect(crashed.code).toBe(1);
    const [outcome] = report(`${work}/crash.json`).outcomes;
    expect(outcome).toMatchObject({ id: "bash-echo/openai-chat/call_1_1", status: "crash" });
    expect(outcome!.message).toContain('(exit 3) without sending the result of call call_1_1 bash {"command":"echo hello"}; its output ended with:\nboom');
  }, 60_000);

  it("--against golden: a recorded run replays green, and the one-byte change is a pending golden that golden review shows (Done-when 4)", async () => {
    const root = makeTempDir("correx-gate-golden-");
    const golden = [
      "--against",
      "golden",
      "--golden-dir",
      `${root}/golden/gate`,
      "--profile",
      "opencode-cli",
      "--protocol",
      "anthropic-messages",
      "--work-dir",
      `${root}/work`,
      ...scenario("bash-echo"),
      ...scenario("read-small"),
    ];
    const record = await runGate([...golden, "--update", "always", "--", ...agent]);
    expect(record.code, record.stdout + record.stderr).toBe(0);
    expect(existsSync(`${root}/golden/gate/bash-echo/anthropic-messages.yaml`)).toBe(true);
    const replay = await runGate([...golden, "--ci", "--", ...agent]);
    expect(replay.code, replay.stdout + replay.stderr).toBe(0);
    expect(replay.stdout).toContain("2 cases: 2 passed");
    const changed = await runGate([...golden, "--", ...agent], { CORREX_FLIP_BYTE: "1" });
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(`pending golden written: ${root}/golden/gate/bash-echo/anthropic-messages.yaml.new`);
    const review = runCli(["golden", "review", "--root", root], { input: "s\ns\n" });
    expect(review.stdout).toContain(`changed golden ${root}/golden/gate/bash-echo/anthropic-messages.yaml`);
    expect(review.stdout).toContain("    -hello\n    +iello\n");
    // the broken agent changes the first tool result of every scenario: read-small's pends too
    expect(review.stdout).toContain("    -<path>[PROJECT]/notes.txt</path>\n    +=path>[PROJECT]/notes.txt</path>\n");
    expect(review.stdout).toContain("0 accepted, 0 rejected, 2 skipped");
  }, 60_000);
});

function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
