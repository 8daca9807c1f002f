import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument, visit } from "yaml";
import { findExcessiveYamlNesting } from "./find-excessive-yaml-nesting.js";
import { InputError } from "./input-error.js";
import { MAX_NESTING_DEPTH } from "./input-limits.js";
import { jsonPointerTokens } from "./json-pointer-tokens.js";
import { findExcessiveNesting } from "./parse-json-record.js";
import { NOT_PLAIN, readPlainYaml } from "./plain-yaml.js";
import { textPosition } from "./text-position.js";

/** A parsed YAML document that can say where a JSON pointer sits in the source. */
export interface YamlRecord {
  value: unknown;
  locate(pointer: string, atKey?: boolean): { line: number; column: number };
}

/**
 * Parses one YAML document (YAML 1.2 core schema, unique keys, no custom tags), refusing
 * `__proto__` keys and excessive nesting. Throws InputError with line:col.
 */
export function parseYamlRecord(text: string, file: string): YamlRecord {
  // Refused at its line before the parser recurses: flow brackets, then block indentation.
  let deepAt = mayNestDeeper(text, MAX_NESTING_DEPTH) ? findExcessiveNesting(text, MAX_NESTING_DEPTH) : -1;
  if (deepAt === -1 && text.length > MAX_NESTING_DEPTH * 2) deepAt = findExcessiveYamlNesting(text, MAX_NESTING_DEPTH);
  if (deepAt !== -1) {
    const { line, column } = textPosition(text, deepAt);
    throw new InputError(`nesting deeper than ${MAX_NESTING_DEPTH} levels`, file, line, column);
  }
  // Most corpus files are plain (src/input/plain-yaml.ts): their value without the general parser,
  // which then parses the text only if a position is asked for (an error to report).
  const plain = readPlainYaml(text);
  if (plain !== NOT_PLAIN) {
    let parsed: YamlRecord | undefined;
    const locate: YamlRecord["locate"] = (pointer, atKey) => {
      parsed ??= parseYamlDocument(text, file);
      return parsed.locate(pointer, atKey);
    };
    return { value: plain, locate };
  }
  return parseYamlDocument(text, file);
}

/** parseYamlRecord with the YAML library, once the nesting checks have passed. */
function parseYamlDocument(text: string, file: string): YamlRecord {
  const lineCounter = new LineCounter();
  let document: Document;
  try {
    document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  } catch (error) {
    // The parser's own stack ran out (a nesting the scans did not count): no position to give but the start.
    throw new InputError(error instanceof RangeError ? `nesting too deep for the YAML parser` : `malformed YAML: ${String(error)}`, file, 1, 1);
  }
  const problem = document.errors[0] ?? document.warnings[0];
  if (document.errors.length > 0 && problem) {
    const { line, col } = lineCounter.linePos(problem.pos[0]);
    throw new InputError(`malformed YAML: ${problem.message.split("\n")[0]}`, file, line, col);
  }
  // Only a run of 16 or more digits can be an integer past 2^53: without one, no node is visited.
  const inexact = /[0-9]{16}/.test(text) ? inexactInteger(document, text) : undefined;
  if (inexact) {
    const { line, col } = lineCounter.linePos(inexact.offset);
    throw new InputError(
      `the integer ${inexact.written} cannot be kept as written: numbers here are doubles, and it would become ${inexact.becomes} (write ${inexact.becomes} for that number, or quote it for a string)`,
      file,
      line,
      col,
    );
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (error instanceof RangeError) throw new InputError("nesting too deep for the YAML parser", file, 1, 1);
    throw new InputError(`malformed YAML: ${error instanceof Error ? error.message : String(error)}`, file);
  }
  const protoAt = text.includes("__proto__") ? text.search(/(^|[\s{,])["']?__proto__["']?\s*:/m) : -1;
  if (protoAt !== -1) {
    const { line, col } = lineCounter.linePos(protoAt + (/\s|[{,]/.test(text[protoAt]) ? 1 : 0));
    throw new InputError('key "__proto__" is not allowed', file, line, col);
  }
  return {
    value,
    locate(pointer, atKey = false) {
      const path = jsonPointerTokens(pointer);
      let offset = 0;
      const parent = path.length > 0 ? (path.length === 1 ? document.contents : document.getIn(path.slice(0, -1), true)) : null;
      if (atKey && isMap(parent)) {
        const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === path[path.length - 1]);
        if (pair && isNode(pair.key) && pair.key.range) {
          const { line, col } = lineCounter.linePos(pair.key.range[0]);
          return { line, column: col };
        }
      }
      for (let depth = path.length; depth >= 0; depth--) {
        const node = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
        if (isNode(node) && node.range) {
          offset = node.range[0];
          break;
        }
      }
      const { line, col } = lineCounter.linePos(offset);
      return { line, column: col };
    },
  };
}

/**
 * The first integer literal past 2^53 whose digits a double does not keep (`18446744073709551616`
 * is read as 2^64 and written back, on the wire too, as `18446744073709552000`): nothing a scenario
 * or case holds may change silently between its file and what correx sends or compares.
 */
function inexactInteger(document: Document, text: string): { offset: number; written: string; becomes: string } | undefined {
  let found: { offset: number; written: string; becomes: string } | undefined;
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value !== "number" || Number.isSafeInteger(node.value) || !Number.isInteger(node.value) || !node.range) return;
      const written = text.slice(node.range[0], node.range[1]).trim().replace(/^\+/, "");
      if (!/^-?[0-9]+$/.test(written) || written === String(node.value)) return;
      found = { offset: node.range[0], written, becomes: String(node.value) };
      return visit.BREAK;
    },
  });
  return found;
}

/** Cheap pre-check: fewer opening brackets than the limit cannot nest deeper than it. */
function mayNestDeeper(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf("["); at !== -1 && count <= limit; at = text.indexOf("[", at + 1)) count++;
  for (let at = text.indexOf("{"); at !== -1 && count <= limit; at = text.indexOf("{", at + 1)) count++;
  return count > limit;
}
