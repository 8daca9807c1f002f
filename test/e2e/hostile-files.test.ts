// What an outside user met feeding correx files that are not plain files: a FIFO nobody writes to
// hung every command that read it, past SIGINT and SIGTERM (a blocking open, where no JavaScript
// runs); merge-reports and preview read /dev/zero until memory ran out; preview took duplicate
// keys and invalid UTF-8 without a word; a byte order mark was named as an invisible `"﻿"`.
// Required everywhere: exit 2 and one line naming the file, or an end at the signal.
import { spawn, spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, runCli } from "./run-cli.js";

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  ms: number;
}

/** The built CLI in the background; `signalAfterMs` sends SIGTERM then; SIGKILL at `limitMs` (then the test fails on the time). */
function correx(args: string[], options: { cwd?: string; signalAfterMs?: number; limitMs: number }): Promise<Ended> {
  const started = Date.now();
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: options.cwd, env: { ...process.env, CI: undefined }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const term = options.signalAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGTERM"), options.signalAfterMs);
  const kill = setTimeout(() => child.kill("SIGKILL"), options.limitMs);
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(term);
      clearTimeout(kill);
      resolve({ code, signal, stderr, ms: Date.now() - started });
    });
  });
}

let dir: string;
let fifo: string;
beforeAll(() => {
  dir = makeTempDir("correx-hostile-files-");
  fifo = join(dir, "nobody-writes.fifo");
  expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
});

describe("a FIFO nobody writes to never hangs a command", () => {
  it("a file read whole (format @FILE, a golden) is refused with one line after 10 s of silence; before, the command hung past SIGTERM", async () => {
    const corpus = makeCorpus(["opencode-cli/bash/no-output"]);
    const golden = join(corpus, "golden/opencode-cli/bash/no-output.yaml");
    rmSync(golden);
    expect(spawnSync("mkfifo", [golden]).status).toBe(0);
    const [format, check] = await Promise.all([
      correx(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", `@${fifo}`, "--observation", "{}"], { limitMs: 30_000 }),
      correx(["check", "--root", corpus], { limitMs: 30_000 }),
    ]);
    expect(format.code).toBe(2);
    expect(format.stderr).toBe(`correx format: ${fifo}: cannot read --input file: a FIFO that sent nothing for 10 s (is anything writing to it?)\n`);
    expect(check.code).toBe(2);
    expect(check.stderr).toBe(`correx check: ${golden}: cannot read file: a FIFO that sent nothing for 10 s (is anything writing to it?)\n`);
  }, 40_000);

  it("a streamed input (validate, lower) waits for its writer as cat does, and SIGTERM ends the wait at once; before, only SIGKILL did", async () => {
    const [validate, lower] = await Promise.all([
      correx(["validate", fifo], { signalAfterMs: 3000, limitMs: 10_000 }),
      correx(["lower", "--profile", "opencode-core", "--protocol", "openai-chat", fifo], { signalAfterMs: 3000, limitMs: 10_000 }),
    ]);
    for (const run of [validate, lower]) {
      expect(run.signal).toBeNull(); // not the SIGKILL at 10 s
      expect(run.code).toBe(143);
      expect(run.ms).toBeLessThan(8000);
    }
  }, 20_000);

  it("a FIFO that is written reads as a file does (a <(…) process substitution is one)", async () => {
    const writer = spawn("sh", ["-c", `sleep 1; printf '%s' '{"command":"true"}' > '${fifo}'`]);
    const written = new Promise((resolve) => writer.on("close", resolve));
    const run = await correx(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", `@${fifo}`, "--observation", '{"output":"","exitCode":0}'], { limitMs: 15_000 });
    expect(await written).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  }, 20_000);
});

describe("a file the kernel refuses to read", () => {
  it("validate says it cannot read it, one line, exit 2 (/proc/self/mem: EIO at offset 0 was an internal error)", () => {
    const run = runCli(["validate", "/proc/self/mem"]);
    expect(run.stderr).toBe("correx validate: /proc/self/mem: cannot read (EIO)\n");
    expect(run.stdout).toBe("");
    expect(run.code).toBe(2);
  });
});

describe("merge-reports and preview read their files within the limits every other command keeps", () => {
  it("/dev/zero is refused at the limit (it was read until memory ran out)", () => {
    const merge = runCli(["merge-reports", "/dev/zero"]);
    expect(merge.stderr).toBe("correx merge-reports: /dev/zero: report is over the 268435456 byte limit\n");
    expect(merge.code).toBe(2);
    const preview = runCli(["preview", "--tool", "/dev/zero", "--result", "{}"]);
    expect(preview.stderr).toBe("correx preview: /dev/zero: --tool file is over the 33554432 byte limit\n");
    expect(preview.code).toBe(2);
  });

  it("preview refuses a key twice, invalid UTF-8 and deep nesting at their file, line and column (a duplicate key was taken silently)", () => {
    const tool = '{"name":"lookup","inputSchema":{"type":"object"}}';
    const duplicate = join(dir, "duplicate.json");
    writeFileSync(duplicate, '{"content":[],\n "content":[{"type":"text","text":"x"}]}');
    const invalid = join(dir, "invalid.json");
    writeFileSync(invalid, Buffer.from('{"content":[{"type":"text","text":"\xff"}]}', "latin1"));
    const cases: [string[], string][] = [
      [["--tool", tool, "--result", duplicate], `correx preview: ${duplicate}:2:2: malformed JSON: duplicate key "content"\n`],
      [["--tool", tool, "--result", invalid], `correx preview: ${invalid}:1:36: invalid UTF-8 (byte offset 35)\n`],
      [["--tool", '{"name":"a","name":"b"}', "--result", duplicate], 'correx preview: --tool:1:13: malformed JSON: duplicate key "name"\n'],
    ];
    for (const [args, stderr] of cases) {
      const run = runCli(["preview", ...args]);
      expect(run.stderr).toBe(stderr);
      expect(run.code).toBe(2);
    }
    const deep = runCli(["preview", "--tool", tool, "--result", "-"], { input: `${"[".repeat(600)}${"]".repeat(600)}` });
    expect(deep.stderr).toBe("correx preview: <stdin>:1:513: nesting deeper than 512 levels\n");
    expect(deep.code).toBe(2);
  });
});

describe("an invisible character in malformed JSON is named by its code point", () => {
  it("a byte order mark says what it is (it printed as an empty-looking quoted character)", () => {
    const bom = join(dir, "bom.json");
    writeFileSync(bom, '\uFEFF{"name":"bash"}');
    const run = runCli(["validate", bom]);
    expect(run.stderr).toBe(`correx validate: ${bom}:1:1: malformed JSON: unexpected character U+FEFF (a byte order mark: save the file without it), expected a value\n`);
    expect(run.code).toBe(2);
    const zeroWidth = runCli(["format", "--profile", "opencode-cli", "--tool", "bash", "--input", '{"command":\u200b"x"}', "--observation", "{}"]);
    expect(zeroWidth.stderr).toBe("correx format: --input:1:12: malformed JSON: unexpected character U+200B, expected a value\n");
    expect(zeroWidth.code).toBe(2);
  });
});

describe("a module: subject must be a regular file", () => {
  it("/dev/zero, a FIFO and a folder are refused before Node's loader reads them (/dev/zero ran out of memory, a FIFO hung past SIGTERM); a missing file says so", () => {
    for (const [path, reason] of [
      ["/dev/zero", "not a regular file"],
      [fifo, "not a regular file"],
      [dir, "not a regular file"],
      [join(dir, "missing.mjs"), "no such file"],
    ] as const) {
      const run = runCli(["check", "--subject", `module:${path}`, "--case", "opencode-cli/bash/no-output"]);
      expect(run.stderr).toBe(`correx check: ${path}: cannot load subject module: ${reason}\n`);
      expect(run.code).toBe(2);
    }
  });
});
