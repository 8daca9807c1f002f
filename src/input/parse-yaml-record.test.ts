import { describe, expect, it } from "vitest";
import { InputError } from "./input-error.js";
import { parseYamlRecord } from "./parse-yaml-record.js";

const refusal = (text: string) => {
  try {
    parseYamlRecord(text, "s.yaml");
  } catch (error) {
    if (error instanceof InputError) return error.render();
    throw error;
  }
  return undefined;
};

describe("parseYamlRecord: integers a double does not keep (unseen codex batch 2: 2^64 reached the agent as 18446744073709552000)", () => {
  it("refuses an integer literal whose digits would change, at its line and column, naming what it would become", () => {
    expect(refusal("input: {cmd: x, yield_time_ms: 18446744073709551616}\n")).toMatch(
      /^s\.yaml:1:32: the integer 18446744073709551616 cannot be kept as written: numbers here are doubles, and it would become 18446744073709552000 \(write 18446744073709552000 for that number, or quote it for a string\)$/,
    );
    expect(refusal("a:\n  - -9007199254740993\n")).toMatch(/^s\.yaml:2:5: the integer -9007199254740993 .* become -9007199254740992 /);
  });
  it("keeps one written as a double writes it, safe integers, floats and quoted digits", () => {
    expect(parseYamlRecord("a: 18446744073709552000\n", "s.yaml").value).toEqual({ a: 2 ** 64 });
    expect(parseYamlRecord("a: 9007199254740991\nb: 1e30\nc: '18446744073709551616'\nd: 1.5\n", "s.yaml").value).toEqual({ a: 9007199254740991, b: 1e30, c: "18446744073709551616", d: 1.5 });
  });
});

describe("parseYamlRecord: a plain text (src/input/plain-yaml.ts) is read without the YAML library", () => {
  it("locates a pointer, a key and a missing field where the library's document does", () => {
    const text = 'profile: claude-code\ntags: [bash, x]\ninput: {"command": "ls", "n": [1, 2]}\nexpected:\n  result: |\n    one\n    two\n  list:\n  - a\n  - b\n';
    const plain = parseYamlRecord(text, "s.yaml");
    // a text outside the subset (a comment at the end) goes through the library: same value, same positions
    const library = parseYamlRecord(`${text}# end\n`, "s.yaml");
    expect(plain.value).toEqual(library.value);
    for (const pointer of ["", "/tags/1", "/input/n/1", "/expected/result", "/expected/list/1", "/expected/missing", "/nowhere/at/all"]) {
      expect(plain.locate(pointer), pointer).toEqual(library.locate(pointer));
      expect(plain.locate(pointer, true), `${pointer} (key)`).toEqual(library.locate(pointer, true));
    }
    expect(plain.locate("/input/n/1")).toEqual({ line: 3, column: 35 });
    expect(plain.locate("/expected/list", true)).toEqual({ line: 8, column: 3 });
  });
});
