import { countJsonMembers, countValueMembers, findDuplicateJsonKey } from "./find-duplicate-json-key.js";
import { findJsonSyntaxError } from "./find-json-syntax-error.js";
import { InputError } from "./input-error.js";
import { MAX_NESTING_DEPTH } from "./input-limits.js";
import { textPosition } from "./text-position.js";

/**
 * Depth of the deepest `[`/`{` nesting in JSON text, stopping early past `limit`.
 * Returns the offset where the limit was crossed, or -1.
 */
export function findExcessiveNesting(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > limit) return index;
    } else if (code === 125 || code === 93) depth--;
  }
  return -1;
}

const PROTO_KEY = /"__proto__"\s*:/;

/**
 * Parses one JSON record, refusing what correx never accepts: malformed JSON (with line:col),
 * a `__proto__` key, nesting deeper than MAX_NESTING_DEPTH, a key twice in one object (at the
 * second, as YAML's unique keys). `firstLine` offsets line numbers
 * (JSONL records). Throws InputError.
 */
export function parseJsonRecord(text: string, file: string, firstLine = 1): unknown {
  if (text.length > MAX_NESTING_DEPTH * 2) {
    const at = findExcessiveNesting(text, MAX_NESTING_DEPTH);
    if (at !== -1) {
      const { line, column } = textPosition(text, at, firstLine);
      throw new InputError(`nesting deeper than ${MAX_NESTING_DEPTH} levels`, file, line, column);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const found = findJsonSyntaxError(text) ?? { offset: 0, message: error instanceof Error ? error.message.split("\n")[0] : String(error) };
    const { line, column } = textPosition(text, found.offset, firstLine);
    throw new InputError(`malformed JSON: ${found.message}`, file, line, column);
  }
  if (text.includes("__proto__")) {
    const match = PROTO_KEY.exec(text);
    if (match) {
      const { line, column } = textPosition(text, match.index, firstLine);
      throw new InputError('key "__proto__" is not allowed', file, line, column);
    }
  }
  // JSON.parse keeps the last of two equal keys silently; a cheap count finds that one was dropped:
  // the members the text spells (one native search per `:`) against the members the value holds.
  if (value !== null && typeof value === "object") {
    if (countJsonMembers(text) === countValueMembers(value)) return value;
    const duplicate = findDuplicateJsonKey(text);
    if (duplicate) {
      const { line, column } = textPosition(text, duplicate.offset, firstLine);
      throw new InputError(`malformed JSON: duplicate key ${JSON.stringify(duplicate.key)}`, file, line, column);
    }
  }
  return value;
}
