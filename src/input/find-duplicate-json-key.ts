import { skipJsonSpace } from "./skip-json-space.js";

/** Offset just past the string that opens at `start` (a `"`), in valid JSON. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
}

/** True for JSON white space (space, LF, CR, tab). */
function isJsonSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/**
 * How many object members valid JSON text spells. Counted at the colons first: in valid JSON a
 * colon that follows (white space skipped) an unescaped `"` — an even run of backslashes before
 * it — follows the end or the start of a string, and it is the end (so the colon is a member's)
 * unless what precedes that quote could precede a string's start (`[`, `{`, `,`, `:` or nothing).
 * Any other colon is inside a string. One native search per colon decides the common text; only
 * text with a colon of the doubtful kind is walked from string to string.
 */
export function countJsonMembers(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) {
    let quote = at - 1;
    while (isJsonSpace(text.charCodeAt(quote))) quote--;
    if (text.charCodeAt(quote) !== 34) continue;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 1) continue;
    let before = quote - 1;
    while (isJsonSpace(text.charCodeAt(before))) before--;
    const code = text.charCodeAt(before);
    if (before < 0 || code === 91 || code === 123 || code === 44 || code === 58) return countJsonMembersByStrings(text);
    count++;
  }
  return count;
}

/** countJsonMembers the long way: a string followed by `:`, jumping from string to string. */
function countJsonMembersByStrings(text: string): number {
  let count = 0;
  for (let at = text.indexOf('"'); at !== -1; ) {
    const next = skipJsonSpace(text, stringEnd(text, at));
    if (text.charCodeAt(next) === 58) count++;
    at = text.indexOf('"', next);
  }
  return count;
}

/** How many own members the objects of a parsed JSON value hold (iterative: depth is bounded elsewhere, but no recursion anyway). */
export function countValueMembers(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== "object") continue;
    if (Array.isArray(next)) {
      for (const item of next) if (item !== null && typeof item === "object") stack.push(item);
      continue;
    }
    for (const key in next) {
      count++;
      const item = (next as Record<string, unknown>)[key];
      if (item !== null && typeof item === "object") stack.push(item);
    }
  }
  return count;
}

/**
 * The second occurrence of a key within one object of valid JSON text (keys compared after
 * unescaping, so `"a"` and `"\u0061"` collide), or null. JSON.parse keeps the last silently;
 * correx refuses it, as YAML's unique keys do.
 */
export function findDuplicateJsonKey(text: string): { offset: number; key: string } | null {
  const open: (Set<string> | null)[] = []; // the keys of each open object; null for an array
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      const end = stringEnd(text, index);
      const keys = open[open.length - 1];
      if (keys && text.charCodeAt(skipJsonSpace(text, end)) === 58) {
        const key = JSON.parse(text.slice(index, end)) as string;
        if (keys.has(key)) return { offset: index, key };
        keys.add(key);
      }
      index = end;
      continue;
    }
    if (code === 123) open.push(new Set());
    else if (code === 91) open.push(null);
    else if (code === 125 || code === 93) open.pop();
    index++;
  }
  return null;
}
