/**
 * The plain subset of YAML most corpus files are written in, read without the general parser: a
 * block mapping of plain keys whose values are JSON on the rest of the line, a plain word, `true`,
 * `false`, `null`, a small integer, a flow sequence of plain words, a literal block (`|`, `|-`),
 * a block sequence of such values, or a nested block mapping. Whatever is outside the subset, or
 * might read differently (a tab, a control or line-separator character, 16 digits in a row, a
 * duplicate key, a key past 1,000 characters, anything unusual about a line), is NOT_PLAIN, and the
 * caller parses the text with the YAML library: where this reads a text, it reads the value the
 * library reads (YAML 1.2 core schema; `src/input/plain-yaml.test.ts` holds it to that on every
 * corpus file and on generated documents). The general parser's warm-up in a fresh worker lane
 * is what `correx check` paid most for (README "Benchmarks").
 */
export const NOT_PLAIN: unique symbol = Symbol("not plain YAML");

/** A block mapping's key: a plain word that the core schema reads as that string. */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,200}$/;
/** A plain scalar the core schema reads as a string: no indicator first, no `: `, ` #`, quote or trailing blank. */
const PLAIN = /^[A-Za-z_/$\u00A0-\uFFFF](?:[^:#'"\t\n]*[^:#'"\t\n ])?$/;
/** Words the core schema reads as null or a boolean, whatever their case pattern. */
const RESERVED = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** Integers a double keeps exactly and the core schema reads as numbers. */
const INTEGER = /^-?(?:0|[1-9][0-9]{0,14})$/;
/** A character that could read differently here: controls, tab, CR, DEL, C1, line separators, BOM, noncharacters. */
const UNUSUAL = /[^\n\x20-\x7E\u00A0-\u2027\u202A-\uFEFE\uFF00-\uFFFD\uD800-\uDFFF]/;

/** The value of `text` when it is in the plain subset, else NOT_PLAIN. */
export function readPlainYaml(text: string): unknown {
  if (UNUSUAL.test(text) || /[0-9]{16}/.test(text) || text.includes("__proto__")) return NOT_PLAIN;
  const lines = text.split("\n");
  if (lines.pop() !== "" || lines.length === 0) return NOT_PLAIN;
  const reader = new PlainReader(lines);
  const value = reader.mapping(0);
  return value !== NOT_PLAIN && reader.at === lines.length ? value : NOT_PLAIN;
}

class PlainReader {
  at = 0;
  constructor(private readonly lines: string[]) {}

  /** A block mapping whose keys are at `indent`, up to the first line indented less. */
  mapping(indent: number): Record<string, unknown> | typeof NOT_PLAIN {
    const out: Record<string, unknown> = {};
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      const start = indentOf(line);
      if (start === line.length) return NOT_PLAIN; // a blank line: leave its meaning to the parser
      if (start < indent) break;
      if (start > indent) return NOT_PLAIN;
      const colon = line.indexOf(":", start);
      if (colon === -1) return NOT_PLAIN;
      const key = line.slice(start, colon);
      if (!KEY.test(key) || RESERVED.test(key) || Object.hasOwn(out, key)) return NOT_PLAIN;
      this.at++;
      let value: unknown;
      if (colon + 1 === line.length) value = this.nested(indent);
      else if (line.charCodeAt(colon + 1) !== 0x20) return NOT_PLAIN;
      else {
        const rest = line.slice(colon + 2);
        value = rest === "|" || rest === "|-" ? this.literal(indent, rest === "|") : inlineValue(rest);
      }
      if (value === NOT_PLAIN) return NOT_PLAIN;
      out[key] = value;
    }
    return out;
  }

  /** What follows `key:` alone on its line: a block sequence (at the key's indent or deeper) or a deeper mapping. */
  private nested(indent: number): unknown {
    const next = this.lines[this.at];
    if (next === undefined) return NOT_PLAIN;
    const start = indentOf(next);
    if (next.startsWith("- ", start) && start >= indent) return this.sequence(start);
    return start > indent && start < next.length ? this.mapping(start) : NOT_PLAIN;
  }

  /** A block sequence of one-line values whose dashes are at `indent`. */
  private sequence(indent: number): unknown[] | typeof NOT_PLAIN {
    const out: unknown[] = [];
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      const start = indentOf(line);
      if (start === line.length || start > indent) return NOT_PLAIN;
      if (start < indent || !line.startsWith("- ", start)) break;
      const value = inlineValue(line.slice(start + 2));
      if (value === NOT_PLAIN) return NOT_PLAIN;
      out.push(value);
      this.at++;
    }
    return out;
  }

  /**
   * A literal block (`|` keeps one final line break, `|-` none) under a key at `indent`: its
   * indentation is its first line's; empty lines inside are kept; lines of blanks are left to
   * the parser (they may be content or chomped).
   */
  private literal(indent: number, clip: boolean): string | typeof NOT_PLAIN {
    const first = this.lines[this.at];
    if (first === undefined) return NOT_PLAIN;
    const depth = indentOf(first);
    if (depth <= indent || depth === first.length) return NOT_PLAIN;
    const out: string[] = [];
    let empty = 0;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      if (line === "") {
        empty++;
        this.at++;
        continue;
      }
      const start = indentOf(line);
      if (start === line.length) return NOT_PLAIN;
      if (start < depth) break;
      for (; empty > 0; empty--) out.push("");
      out.push(line.slice(depth));
      this.at++;
    }
    const body = out.join("\n");
    return clip ? `${body}\n` : body;
  }
}

function indentOf(line: string): number {
  let count = 0;
  while (line.charCodeAt(count) === 0x20) count++;
  return count;
}

/** A value on the rest of a line: JSON, a flow sequence of plain words, a plain word, a boolean, null or a small integer. */
function inlineValue(text: string): unknown {
  const first = text.charCodeAt(0);
  if (first === 0x7b || first === 0x5b || first === 0x22) {
    if (first === 0x5b && !text.includes('"')) return plainWords(text);
    return jsonValue(text);
  }
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (INTEGER.test(text)) return Number(text);
  return PLAIN.test(text) && !RESERVED.test(text) ? text : NOT_PLAIN;
}

/** `[a, b]` of plain words (flow context: no brackets or braces inside a word). */
function plainWords(text: string): string[] | typeof NOT_PLAIN {
  if (text === "[]") return [];
  if (!text.endsWith("]")) return NOT_PLAIN;
  const words = text
    .slice(1, -1)
    .split(",")
    .map((word) => word.trim());
  return words.every((word) => PLAIN.test(word) && !RESERVED.test(word) && !/[[\]{}]/.test(word)) ? words : NOT_PLAIN;
}

/** JSON on one line, read as YAML reads it: declined when a key repeats (JSON.parse keeps the last) or runs past 1,000 characters. */
function jsonValue(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NOT_PLAIN;
  }
  const written = countJsonKeys(text);
  return written !== -1 && written === countKeys(value) ? value : NOT_PLAIN;
}

/** Keys written in a JSON text (strings followed by `:`), or -1 when one is over 1,000 characters. */
function countJsonKeys(text: string): number {
  let count = 0;
  for (let open = text.indexOf('"'); open !== -1; ) {
    let close = text.indexOf('"', open + 1);
    for (;;) {
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) break;
      close = text.indexOf('"', close + 1);
    }
    let after = close + 1;
    while (text.charCodeAt(after) === 0x20) after++;
    if (text.charCodeAt(after) === 0x3a) {
      if (close - open > 1000) return -1;
      count++;
    }
    open = text.indexOf('"', after);
  }
  return count;
}

/** Own keys of every object in a JSON value. */
function countKeys(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  if (Array.isArray(value)) for (const item of value) count += countKeys(item);
  else for (const key in value) count += 1 + countKeys((value as Record<string, unknown>)[key]);
  return count;
}
