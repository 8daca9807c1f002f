import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { goldenUpdateBehavior } from "../src/vitest/index.js";
import { makeTempDir } from "./e2e/run-cli.js";

// spec §2.1 (opencode-cli bash): stdout and stderr arrive merged and are kept as is, the title is
// the command, metadata.truncated says whether the output was cut; empty output is "(no output)".
const call = {
  profile: "opencode-cli",
  tool: "bash",
  input: { command: "ls missing; echo ok" },
  observation: { output: "ls: cannot access 'missing': No such file or directory\nok\n", exitCode: 0 },
};
const result = {
  status: "completed",
  title: "ls missing; echo ok",
  output: "ls: cannot access 'missing': No such file or directory\nok\n",
  metadata: { truncated: false },
};

const messageOf = (assertion: () => void): string => {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the assertion passed");
};

describe("toConformTo", () => {
  it("passes for the result spec §2.1 gives", () => {
    expect(result).toConformTo(call);
    expect({ status: "completed", title: "true", output: "(no output)", metadata: { truncated: false } }).toConformTo({
      profile: "opencode-cli",
      tool: "bash",
      input: { command: "true" },
      observation: { output: "", exitCode: 0 },
    });
  });

  it("fails with the visible-whitespace diff correx check prints", () => {
    const message = messageOf(() => expect({ ...result, output: result.output + " " }).toConformTo(call));
    expect(message).toBe(
      [
        "expected the result to conform to opencode-cli bash (the reference): 1 difference",
        "",
        "/output:",
        "  --- reference",
        "  +++ received",
        "  @@ -1,3 +1,3 @@",
        "   ls: cannot access 'missing': No such file or directory",
        "   ok",
        "  -",
        "  +·",
        "  ",
        "  ⊘ received has no newline at end (reference has one)",
      ].join("\n"),
    );
    expect(messageOf(() => expect({ ...result, output: result.output.trimEnd() }).toConformTo(call))).toContain("⊘ received has no newline at end (reference has one)");
  });

  it("takes the gemini-cli profile and applies its redactions (docs/spec/gemini-cli-0.61.0.md §2.3, §13: the PGID is volatile)", () => {
    const gemini = {
      profile: "gemini-cli",
      tool: "run_shell_command",
      input: { command: "echo hello" },
      observation: { chunks: [{ stream: "stdout", text: "hello\n" }], exitCode: 0, signal: null, pid: 5 },
    };
    expect({ response: { output: "<untrusted_context>\nOutput: hello\nProcess Group PGID: 17161\n</untrusted_context>" } }).toConformTo(gemini);
    expect({ response: { output: "<untrusted_context>\nOutput: hell\nProcess Group PGID: 17161\n</untrusted_context>" } }).not.toConformTo(gemini);
  });

  it("takes the codex-cli profile and applies its redactions (docs/spec/codex-cli-0.171.0.md §2.2, §1.4; the bytes of capture run echo, call_1_1)", () => {
    const codex = { profile: "codex-cli", tool: "exec_command", input: { cmd: "echo hello" }, observation: { output: "hello\n", exitCode: 0, chunkId: "0d1f2e", wallTimeSeconds: 0.0 } };
    expect({ output: "Chunk ID: a780ad\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\nhello\n" }).toConformTo(codex);
    expect({ output: "Chunk ID: a780ad\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\nhello\n" }).not.toConformTo(codex);
  });

  it("takes the claude-code profile (docs/spec/claude-code-2.1.332.md §3.2; capture claude-bash-bytes, toolu_1_1)", () => {
    const claude = {
      profile: "claude-code",
      tool: "Bash",
      input: { command: "printf '\\033[31mred\\033[0m plain\\r\\nline2\\rX\\n'" },
      observation: { output: "\u001b[31mred\u001b[0m plain\r\nline2\rX\n", exitCode: 0 },
      options: { cwd: "/ws" },
    };
    expect({ content: "\u001b[31mred\u001b[0m plain\r\nline2\rX", is_error: false }).toConformTo(claude);
    expect(messageOf(() => expect({ content: "\u001b[31mred\u001b[0m plain\r\nline2\rX" }).toConformTo(claude))).toContain("is_error");
  });

  it("takes the opencode-core profile (spec §2.1 v2: the output, then the exit-code part)", () => {
    const core = { profile: "opencode-core", tool: "bash", input: { command: "echo hello" }, observation: { output: "hello\n", exitCode: 0 } };
    expect({
      type: "content",
      value: [
        { type: "text", text: "hello\n" },
        { type: "text", text: "Command exited with code 0." },
      ],
    }).toConformTo(core);
  });

  it("works under .not, and names a call the reference cannot format", () => {
    expect({ ...result, title: "ls" }).not.toConformTo(call);
    expect(messageOf(() => expect(result).not.toConformTo(call))).toBe("expected the result not to conform to opencode-cli bash, but it equals the reference's byte for byte");
    expect(messageOf(() => expect(result).toConformTo({ ...call, profile: "opencode-x" }))).toMatch(
      /^toConformTo: the reference cannot format this opencode-x bash call \(invalid-request: unknown profile "opencode-x"/,
    );
  });
});

describe("toBeValidWire", () => {
  const body = { messages: [{ role: "tool", tool_call_id: "call_1", content: "only part" }] };
  it("accepts a valid body, as an object or as JSON text", () => {
    expect(body).toBeValidWire("openai-chat");
    expect(JSON.stringify(body)).toBeValidWire("openai-chat");
  });
  it("rejects an invalid body with pointer, expected and found", () => {
    const message = messageOf(() => expect({ messages: [{ role: "tool", tool_call_id: "call_1", content: 7 }] }).toBeValidWire("openai-chat"));
    expect(message).toMatch(/^expected a valid openai-chat wire body \(wire\/openai-chat\):\n {2}\/messages\/0(\/content)?: expected .*, found /);
    expect(messageOf(() => expect("{").toBeValidWire("openai-chat"))).toMatch(/^expected a valid openai-chat wire body, but the string is not JSON/);
    expect(messageOf(() => expect(body).toBeValidWire("grpc" as never))).toBe('toBeValidWire: unknown protocol "grpc"; known: openai-chat, anthropic-messages, google-gemini, openai-responses');
  });
});

describe("toMatchGolden: the update rules of correx golden", () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir("correx-vitest-golden-");
    mkdirSync(join(dir, "golden"));
    vi.stubEnv("CI", "false");
    vi.stubEnv("GITHUB_ACTIONS", "");
    vi.stubEnv("CORREX_UPDATE", undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const goldenText = ["correx: golden/1", "case: greeting", "expected:", "  text: |", "    hello", "    world", ""].join("\n");

  it("passes when the value equals the golden, and removes a stale pending file", () => {
    const file = join(dir, "golden/greeting.yaml");
    writeFileSync(file, goldenText);
    writeFileSync(`${file}.new`, "stale");
    expect({ text: "hello\nworld\n" }).toMatchGolden(file);
    expect(existsSync(`${file}.new`)).toBe(false);
  });

  it("locally, a mismatch fails with the diff and writes <file>.new for correx golden review", () => {
    const file = join(dir, "golden/greeting.yaml");
    writeFileSync(file, goldenText);
    const message = messageOf(() => expect({ text: "hello\nworld" }).toMatchGolden(file));
    expect(message).toContain(`expected the value to match the golden ${file}: 1 difference; pending golden written: ${file}.new (review with: npx correx golden review --root ${dir})`);
    expect(message).toContain("⊘ received has no newline at end (golden has one)");
    expect(readFileSync(file, "utf8")).toBe(goldenText);
    expect(readFileSync(`${file}.new`, "utf8")).toBe(
      [
        "correx: golden/1",
        "case: greeting",
        "source:",
        `  subject: "vitest: toMatchGolden: the update rules of correx golden > locally, a mismatch fails with the diff and writes <file>.new for correx golden review"`,
        "expected:",
        "  text: |-",
        "    hello",
        "    world",
        "",
      ].join("\n"),
    );
  });

  it("locally, a missing golden fails and writes a pending file", () => {
    const file = join(dir, "golden/new-one.yaml");
    expect(messageOf(() => expect("x").toMatchGolden(file))).toContain(`no golden at ${file}; pending golden written: ${file}.new`);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(`${file}.new`, "utf8")).toMatch(/^correx: golden\/1\ncase: new-one\nsource:\n {2}subject: .*\nexpected: x\n$/);
  });

  it("under CI nothing is written: a mismatch and a missing golden both fail", () => {
    vi.stubEnv("CI", "true");
    const file = join(dir, "golden/greeting.yaml");
    writeFileSync(file, goldenText);
    expect(messageOf(() => expect({ text: "changed" }).toMatchGolden(file))).toContain("nothing written (CI)");
    const missing = join(dir, "golden/missing.yaml");
    expect(messageOf(() => expect("x").toMatchGolden(missing))).toContain(`no golden at ${missing}; no golden (nothing is written under CI)`);
    vi.stubEnv("CORREX_UPDATE", "always");
    expect(messageOf(() => expect("x").toMatchGolden(missing))).toContain("nothing is written under CI");
    expect(existsSync(`${file}.new`)).toBe(false);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(`${missing}.new`)).toBe(false);
    expect(readFileSync(file, "utf8")).toBe(goldenText);
  });

  it("CORREX_UPDATE=always rewrites the golden in place and passes; =no writes nothing", () => {
    const file = join(dir, "golden/greeting.yaml");
    writeFileSync(file, goldenText);
    vi.stubEnv("CORREX_UPDATE", "no");
    expect(messageOf(() => expect({ text: "bye\n" }).toMatchGolden(file))).toContain("nothing written");
    expect(existsSync(`${file}.new`)).toBe(false);
    vi.stubEnv("CORREX_UPDATE", "always");
    expect({ text: "bye\n" }).toMatchGolden(file);
    expect(readFileSync(file, "utf8")).toBe(
      [
        "correx: golden/1",
        "case: greeting",
        'reviewed: "updated by toMatchGolden (vitest -u or CORREX_UPDATE=always; subject: vitest: toMatchGolden: the update rules of correx golden > CORREX_UPDATE=always rewrites the golden in place and passes; =no writes nothing)"',
        "expected:",
        "  text: |",
        "    bye",
        "",
      ].join("\n"),
    );
  });

  it("vitest -u keeps the golden's reviewed: line and comments, and says what rewrote it (issue 31)", () => {
    const file = join(dir, "golden/greeting.yaml");
    writeFileSync(
      file,
      ["# how this golden was made", "correx: golden/1", "case: greeting", 'spec: "§2.1"', 'reviewed: "written from spec §2.1"', "expected:", "  text: |", "    hello", ""].join("\n"),
    );
    vi.stubEnv("CORREX_UPDATE", "always");
    expect({ text: "bye\n" }).toMatchGolden(file);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(
      /^# how this golden was made\ncorrex: golden\/1\ncase: greeting\nspec: "§2\.1"\nreviewed: "written from spec §2\.1; updated by toMatchGolden \(vitest -u or CORREX_UPDATE=always; subject: vitest: [^"]*\)"\nexpected:\n {2}text: \|\n {4}bye\n$/,
    );
  });

  it("a relative path is resolved against the test file's folder", () => {
    const relative = join("..", "test-artifacts-does-not-exist", "x.yaml");
    vi.stubEnv("CI", "true");
    expect(messageOf(() => expect(1).toMatchGolden(relative))).toContain(`no golden at ${join(import.meta.dirname, relative)}`);
  });

  it("goldenUpdateBehavior: auto/new → pending, always → in-place, no → none, anything under CI → none", () => {
    expect(goldenUpdateBehavior({}, false)).toBe("pending");
    expect(goldenUpdateBehavior({ CORREX_UPDATE: "new" }, false)).toBe("pending");
    expect(goldenUpdateBehavior({ CORREX_UPDATE: "always" }, false)).toBe("in-place");
    expect(goldenUpdateBehavior({}, true)).toBe("in-place");
    expect(goldenUpdateBehavior({ CORREX_UPDATE: "no" }, true)).toBe("none");
    expect(goldenUpdateBehavior({ CI: "true" }, true)).toBe("none");
    expect(goldenUpdateBehavior({ GITHUB_ACTIONS: "true", CORREX_UPDATE: "always" }, false)).toBe("none");
    expect(() => goldenUpdateBehavior({ CORREX_UPDATE: "sometimes" }, false)).toThrowError('CORREX_UPDATE must be auto, always, new or no, found "sometimes"');
  });
});
