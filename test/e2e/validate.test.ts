import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cliPath, makeTempDir, runCli } from "./run-cli.js";

let dir: string;
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const part = {
  type: "tool-result",
  id: "call_1",
  name: "bash",
  result: {
    type: "content",
    value: [
      { type: "text", text: "hi\n" },
      { type: "text", text: "Command exited with code 0." },
    ],
  },
};

beforeAll(() => {
  dir = makeTempDir();
});

describe("correx validate", () => {
  it("exits 0 on a valid ToolResultPart and names the inferred kind", () => {
    const path = file("part.json", JSON.stringify(part, null, 2));
    const run = runCli(["validate", path]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${path}: valid envelope/tool-result-part\n`);
    expect(run.code).toBe(0);
  });

  it("exits 1 on an invalid one: file:line:col, pointer, expected and found on one line per error", () => {
    const text = '{\n  "type": "tool-result",\n  "id": "call_1",\n  "name": "bash",\n  "result": { "type": "blob", "value": 1 }\n}\n';
    const path = file("bad.json", text);
    const run = runCli(["validate", path]);
    expect(run.stdout).toBe(
      `${path}:5:23  /result/type  expected a known "type" value (one of "json", "text", "error", "content"), found "blob"  (envelope/tool-result-part)\n${path}: invalid envelope/tool-result-part\n`,
    );
    expect(run.code).toBe(1);
  });

  it('says "did you mean" for a misspelt property name, type value or enum value, and for a misspelt --as kind', () => {
    const typos = file("typos.json", '{"type":"tool-result","id":"c","nmae":"bash","result":{"type":"txt","value":"x"}}');
    expect(runCli(["validate", typos]).stdout).toBe(
      [
        `${typos}:1:1  /name  expected required property "name", found nothing (is "nmae" a misspelling of it?)  (envelope/tool-result-part)`,
        `${typos}:1:32  /nmae  expected no other properties, found property "nmae" (did you mean "name"?)  (envelope/tool-result-part)`,
        `${typos}:1:63  /result/type  expected a known "type" value (one of "json", "text", "error", "content"), found "txt" (did you mean "text"?)  (envelope/tool-result-part)`,
        `${typos}: invalid envelope/tool-result-part`,
        "",
      ].join("\n"),
    );
    const stage = file("stage.yaml", 'profile: opencode-cli\nstage: fromat\nspec: "§1"\ntool: bash\ninput: {}\nobservation: {}\n');
    expect(runCli(["validate", "--as", "case", stage]).stdout).toBe(
      `${stage}:2:8  /stage  expected a known "stage" value (one of "format", "truncate", "lower"), found "fromat" (did you mean "format"?)  (case)\n${stage}: invalid case\n`,
    );
    const kind = runCli(["validate", "--as", "tool-reslt-part", typos]);
    expect(kind.stderr).toMatch(/^correx validate: unknown --as "tool-reslt-part" \(did you mean "tool-result-part"\?\); known: /);
    expect(kind.code).toBe(2);
  });

  it("reports a missing required field at its parent with the field in the pointer", () => {
    const path = file("missing.json", '{"type":"tool-result","name":"bash","result":{"type":"text","value":"x"}}');
    const run = runCli(["validate", "--as", "tool-result-part", path]);
    expect(run.stdout).toContain(`${path}:1:1  /id  expected required property "id", found nothing  (envelope/tool-result-part)`);
    expect(run.code).toBe(1);
  });

  it("reads JSONL from stdin with the right line numbers", () => {
    const bad = { ...part, result: { type: "text" } };
    const input = [JSON.stringify(part), "", JSON.stringify(part), JSON.stringify(bad), JSON.stringify(part)].join("\n") + "\n";
    const run = runCli(["validate", "-"], { input });
    expect(run.stdout).toBe(`<stdin>:4:60  /result/value  expected required property "value", found nothing  (envelope/tool-result-part)\n<stdin>: 1 of 4 records invalid\n`);
    expect(run.code).toBe(1);
  });

  it("reads multi-byte characters that straddle the 1 MiB read boundary", () => {
    const record = (text: string) => JSON.stringify({ ...part, result: { type: "text", value: text } }) + "\n";
    const head = record("x");
    const prefix = '{"type":"tool-result","id":"call_1","name":"bash","result":{"type":"text","value":"';
    for (const char of ["é", "東", "😀"]) {
      // pad so that `char` starts one byte before the 1 MiB boundary
      const fill = "a".repeat((1 << 20) - 1 - Buffer.byteLength(head) - Buffer.byteLength(prefix));
      const path = file(`straddle-${Buffer.byteLength(char)}.jsonl`, head + record(fill + char + "z") + record("tail"));
      const run = runCli(["validate", path]);
      expect(run.stdout).toBe(`${path}: 3 records valid (envelope/tool-result-part)\n`);
    }
  });

  it("--format json prints one JSON object per file", () => {
    const path = file("part-json.json", JSON.stringify(part));
    const run = runCli(["validate", "--format", "json", path]);
    expect(JSON.parse(run.stdout)).toEqual({ file: path, valid: true, records: 1, invalid: 0, kinds: { "envelope/tool-result-part": 1 }, errors: [] });
  });

  it("validates YAML with line numbers from the YAML source", () => {
    const path = file("part.yaml", "type: tool-result\nid: call_1\nname: bash\nresult:\n  type: text\n  value: 7\nextra: 1\n");
    const run = runCli(["validate", path]);
    expect(run.stdout).toBe(`${path}:7:1  /extra  expected no other properties, found property "extra"  (envelope/tool-result-part)\n${path}: invalid envelope/tool-result-part\n`);
  });

  it("holds a scenario to the rules the gate loads it by, not only its schema (an outside judge's scenarios passed validate and were refused by the gate)", () => {
    const head = "name: s\nspec: §1\nprompt: p\nturns:\n";
    const later = file(
      "later.yaml",
      `${head}  - calls:\n      - tool: Bash\n        input:\n          command: {$fromResult: {turn: 2, pattern: "(x)"}}\n  - calls:\n      - tool: Bash\n        input: {command: ls}\n  - text: Done.\n`,
    );
    const noText = file("no-text.yaml", `${head}  - calls:\n      - tool: Bash\n        input: {command: ls}\n`);
    const run = runCli(["validate", "--as", "scenario", later, noText]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `${later}:8:34  /turns/0/calls/0/input/command/$fromResult  expected a scenario the gate can run, found $fromResult in the first turn: there is no earlier turn to take a result from, found turn 2  (scenario)\n${later}: invalid scenario\n` +
        `${noText}:5:5  /turns/0  expected a scenario the gate can run, found the last turn must be a final text without calls  (scenario)\n${noText}: invalid scenario\n`,
    );
  });

  describe("exits 2 with one clear line, no stack trace", () => {
    const expectOneLine = (args: string[], pattern: RegExp, input?: string | Buffer) => {
      const run = runCli(args, { input });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      expect(run.stderr).toMatch(pattern);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    };
    it("for a missing file", () => expectOneLine(["validate", join(dir, "nope.json")], /nope\.json: no such file$/m));
    it("for malformed JSON, with line:col", () => {
      const path = file("malformed.json", '{\n  "type": "tool-result",\n  "id": x\n}\n');
      expectOneLine(["validate", path], /malformed\.json:3:9: malformed JSON: unexpected character "x", expected a value$/m);
    });
    it("for empty input", () => expectOneLine(["validate", file("empty.json", "  \n")], /empty\.json: empty input$/m));
    it("for empty stdin", () => expectOneLine(["validate", "-"], /<stdin>: empty input$/m, ""));
    it("for stdin given twice (the second read said empty input)", () =>
      expectOneLine(["validate", "-", "-"], /^correx validate: - \(stdin\) is given more than once; stdin can be read once\n$/, '{"type":"tool-result"}'));
    it('for stdin redirected from a directory (`validate - < folder`: was "empty input")', () => {
      const folder = openSync(dir, "r");
      try {
        const run = spawnSync(process.execPath, [cliPath, "validate", "-"], { stdio: [folder, "pipe", "pipe"], encoding: "utf8" });
        expect([run.status, run.stdout, run.stderr]).toEqual([2, "", "correx validate: <stdin>: is a directory, not a file\n"]);
      } finally {
        closeSync(folder);
      }
    });
    it("for a directory", () => {
      mkdirSync(join(dir, "a-dir.json"), { recursive: true });
      expectOneLine(["validate", join(dir, "a-dir.json")], /a-dir\.json: is a directory, not a file$/m);
    });
    it("for invalid UTF-8, with its position", () => {
      const path = file("latin1.json", Buffer.concat([Buffer.from('{"type":"tool-result",\n"id":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
      expectOneLine(["validate", path], /latin1\.json:2:10: invalid UTF-8 \(byte offset 32\)$/m);
    });
    it("for a 50 MB single line", () => {
      const path = file("huge.jsonl", `{"type":"tool-result","id":"${"x".repeat(50 * 1024 * 1024)}"}\n`);
      expectOneLine(["validate", path], /huge\.jsonl:1:1: line is longer than the 33554432 byte limit for one record$/m);
    });
    it("for a __proto__ key", () => {
      const path = file("proto.json", '{"type":"tool-result","id":"a","name":"b",\n "__proto__": {"polluted": true},"result":{"type":"text","value":"x"}}');
      expectOneLine(["validate", path], /proto\.json:2:2: key "__proto__" is not allowed$/m);
    });
    it("for 10,000-deep nesting", () => {
      const path = file("deep.json", "[".repeat(10_000) + "]".repeat(10_000));
      expectOneLine(["validate", path], /deep\.json:1:513: nesting deeper than 512 levels$/m);
    });
    it("for an unknown --as", () => expectOneLine(["validate", "--as", "nope", "x.json"], /correx validate: unknown --as "nope"; known: /));
    it("for an unknown flag", () => expectOneLine(["validate", "--bogus", "x.json"], /^correx validate: unknown option --bogus; npx correx validate --help lists the options$/m));
  });
});

describe("correx validate: the agents' own tool results (schemas/codex-cli, schemas/claude-code)", () => {
  // Results as the released binaries sent them (docs/spec/captures/codex-cli-0.171.0.jsonl, run echo and
  // patch-and-image call_12_1; docs/spec/captures/claude-code-2.1.332.jsonl, claude-bash-echo and claude-read-relative).
  const codexEcho = { output: "Chunk ID: a780ad\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\nhello\n" };
  const codexImage = {
    output: [{ type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", detail: "original" }],
  };
  const claudeEcho = { content: "hello", is_error: false };
  const claudeRead = { content: "1\ta\n2\t" };

  it("accepts real codex-cli results, the kind inferred from their shape", () => {
    const path = file("codex.jsonl", `${JSON.stringify(codexEcho)}\n${JSON.stringify(codexImage)}\n`);
    const run = runCli(["validate", path]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${path}: 2 records valid (codex-cli/tool-result)\n`);
    expect(run.code).toBe(0);
  });

  it("accepts real claude-code results, the kind inferred from their shape", () => {
    const path = file("claude.jsonl", `${JSON.stringify(claudeEcho)}\n${JSON.stringify(claudeRead)}\n`);
    const run = runCli(["validate", path]);
    expect(run.stdout).toBe(`${path}: 2 records valid (claude-code/tool-result)\n`);
    expect(run.code).toBe(0);
  });

  it("refuses a malformed claude-code result naming its line and field", () => {
    const path = file("claude-bad.json", '{\n  "content": "Exit code 1",\n  "is_error": "true"\n}\n');
    const run = runCli(["validate", path]);
    expect(run.stdout).toBe(`${path}:3:15  /is_error  expected boolean, found string "true"  (claude-code/tool-result)\n${path}: invalid claude-code/tool-result\n`);
    expect(run.code).toBe(1);
  });

  it("refuses a malformed codex-cli result naming its line and field (an image detail Codex never sends)", () => {
    const bad = { output: [{ ...codexImage.output[0], detail: "high" }] };
    const path = file("codex-bad.jsonl", `${JSON.stringify(codexEcho)}\n${JSON.stringify(bad)}\n`);
    const column = JSON.stringify(bad).indexOf('"high"') + 1;
    const run = runCli(["validate", path]);
    expect(run.stdout).toContain(`${path}:2:${column}  /output/0/detail  expected "original", found "high"  (codex-cli/tool-result)\n`);
    expect(run.stdout.endsWith(`${path}: 1 of 2 records invalid\n`)).toBe(true);
    expect(run.code).toBe(1);
  });

  it("--as takes a profile id for that profile's result schema", () => {
    const path = file("claude-as.json", JSON.stringify(claudeEcho));
    expect(runCli(["validate", "--as", "claude-code", path]).stdout).toBe(`${path}: valid claude-code/tool-result\n`);
    const wrong = runCli(["validate", "--as", "codex-cli", path]);
    expect(wrong.stdout).toContain(`${path}:1:1  /output  expected required property "output", found nothing  (codex-cli/tool-result)\n`);
    expect(wrong.code).toBe(1);
  });
});
