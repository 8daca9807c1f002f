import { readdirSync, readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { NOT_PLAIN, readPlainYaml } from "./plain-yaml.js";

/** The YAML library's reading, as parseYamlRecord asks for it; undefined when it reports an error. */
function libraryValue(text: string): { value: unknown } | undefined {
  try {
    return { value: parse(text, { uniqueKeys: true, strict: true, prettyErrors: false }) };
  } catch {
    return undefined;
  }
}

/** Same value, same key order, -0 told from 0. */
function sameReading(plain: unknown, library: unknown): boolean {
  return isDeepStrictEqual(plain, library) && JSON.stringify(plain) === JSON.stringify(library);
}

const repo = new URL("../../", import.meta.url).pathname;

describe("the plain subset of YAML", () => {
  it("reads every corpus file it accepts exactly as the YAML library does, and accepts most of them", () => {
    let files = 0;
    let accepted = 0;
    for (const folder of ["fixtures/cases", "golden", "fixtures/scenarios"]) {
      for (const entry of readdirSync(`${repo}${folder}`, { recursive: true }) as string[]) {
        if (!entry.endsWith(".yaml")) continue;
        const text = readFileSync(`${repo}${folder}/${entry}`, "utf8");
        files++;
        const plain = readPlainYaml(text);
        if (plain === NOT_PLAIN) continue;
        accepted++;
        const library = libraryValue(text);
        expect(library, `${folder}/${entry}`).toBeDefined();
        expect(sameReading(plain, library?.value), `${folder}/${entry}`).toBe(true);
      }
    }
    expect(files).toBeGreaterThan(1800);
    expect(accepted / files).toBeGreaterThan(0.4);
  });

  it("the shapes it knows, as the YAML 1.2 core schema reads them", () => {
    const text = [
      "profile: claude-code",
      "spec: §5.4 toolResultText",
      "count: -12",
      "zero: -0",
      "on: true",
      "off: false",
      "none: null",
      "tags: [bash, session]",
      "empty: []",
      'input: {"command": "printf \\"x\\\\ny\\"", "n": 1.5e3, "u": "\\u00e9\\/"}',
      "list:",
      "- one",
      '- {"a": 1}',
      "nested:",
      "  kept: |",
      "    line 1",
      "",
      "      indented",
      "",
      "  stripped: |-",
      "    last",
      "  deeper:",
      "    - x",
      "",
    ].join("\n");
    const plain = readPlainYaml(text);
    expect(plain).not.toBe(NOT_PLAIN);
    expect(sameReading(plain, libraryValue(text)?.value)).toBe(true);
    expect(plain).toEqual({
      profile: "claude-code",
      spec: "§5.4 toolResultText",
      count: -12,
      zero: -0,
      on: true,
      off: false,
      none: null,
      tags: ["bash", "session"],
      empty: [],
      input: { command: 'printf "x\\ny"', n: 1500, u: "é/" },
      list: ["one", { a: 1 }],
      nested: { kept: "line 1\n\n  indented\n", stripped: "last", deeper: ["x"] },
    });
  });

  it("declines what might read differently, leaving it to the YAML library", () => {
    const declined = [
      "a: 1\na: 2\n", // duplicate key: the library refuses it
      'a: {"k": 1, "k": 2}\n', // JSON.parse would keep the last
      "a: 1", // no final line break
      "\n",
      "a: b # comment\n",
      "a: 'single'\n",
      "a: 0x1F\n",
      "a: 1.5\n",
      "a: 12345678901234567\n",
      "a: ~\n",
      "a: True\n",
      "True: a\n",
      "a: >\n  folded\n",
      "a: |+\n  kept\n\n",
      "a: |\n  x\n  \nb: c\n", // a line of blanks inside a literal block
      "a:\tb\n",
      "a: b\r\n",
      "a: [x[1], y]\n",
      "a: &anchor b\n",
      "---\na: b\n",
      "a:\n\nb: c\n",
      "a:\n  - {b: c}\n",
      "a: b\u2028c\n",
      "\ufeffa: b\n",
      `a: {"${"k".repeat(1001)}": 1}\n`,
      '__proto__: {"x": 1}\n',
    ];
    for (const text of declined) expect(readPlainYaml(text), JSON.stringify(text)).toBe(NOT_PLAIN);
  });

  it("generated documents: whatever it accepts, the library reads the same", () => {
    const word = fc.stringMatching(/^[A-Za-z_§/$é][A-Za-z0-9 _.\-§/$é[\]{},]{0,12}$/);
    const key = fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/), fc.constantFrom("true", "null", "on", "y", "No"));
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value, null, 0).replace(/,"/g, ', "').replace(/":/g, '": '));
    const scalar = fc.oneof(
      json,
      word,
      fc.integer({ min: -1e6, max: 1e6 }).map(String),
      fc.constantFrom("true", "false", "null", "-0", "007", "1e3", "[a, b]", "[]", "[ ]", "[a, ]", '"\\x41"', '"\\u0041"', '"a\\tb"', "a:b", "a #b"),
    );
    const literal = fc
      .array(
        fc.oneof(
          fc.constant(""),
          fc.constant("  "),
          word.map((w) => w.trimEnd()),
          word.map((w) => `  ${w}`),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .chain((body) => fc.constantFrom("|", "|-", "|+", ">").map((header) => ({ header, body })));
    const line = fc.oneof(
      fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}`),
      fc.tuple(key, literal).map(([k, { header, body }]) => [`${k}: ${header}`, ...body.map((row) => (row === "" ? "" : `  ${row}`))].join("\n")),
      fc.tuple(key, fc.array(scalar, { minLength: 1, maxLength: 3 }), fc.constantFrom("", "  ")).map(([k, items, pad]) => [`${k}:`, ...items.map((item) => `${pad}- ${item}`)].join("\n")),
      fc.tuple(key, key, scalar).map(([k, inner, v]) => `${k}:\n  ${inner}: ${v}`),
    );
    let runs = 0;
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        runs++;
        const text = `${lines.join("\n")}\n`;
        const plain = readPlainYaml(text);
        if (plain === NOT_PLAIN) return true;
        accepted++;
        const library = libraryValue(text);
        return library !== undefined && sameReading(plain, library.value);
      }),
      { numRuns: 3000 },
    );
    // not a property that holds by declining everything
    expect(accepted / runs).toBeGreaterThan(0.05);
  });
});
