import { jsonPointerTokens } from "./json-pointer-tokens.js";
import { skipJsonSpace } from "./skip-json-space.js";

/**
 * Offset in JSON `text` of the value at `pointer` (or of the key, when `key` is true and the last
 * token names an object member). Falls back to the deepest ancestor found. Iterative: safe on
 * deep input. Only called on the error path.
 */
export function locateJsonPointer(text: string, pointer: string, atKey = false): number {
  const tokens = jsonPointerTokens(pointer);
  let index = skipJsonSpace(text, 0);
  let found = index;
  for (const [depth, token] of tokens.entries()) {
    const open = text.charCodeAt(index);
    if (open === 123 /* { */) {
      index = skipJsonSpace(text, index + 1);
      let located = -1;
      while (index < text.length && text.charCodeAt(index) !== 125) {
        const keyStart = index;
        const keyEnd = skipString(text, index);
        let key: string;
        try {
          key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        } catch {
          return found;
        }
        index = skipJsonSpace(text, keyEnd);
        index = skipJsonSpace(text, index + 1); // colon
        if (key === token) {
          if (atKey && depth === tokens.length - 1) return keyStart; // the member itself is the issue
          located = index;
          found = keyStart;
          break;
        }
        index = skipJsonSpace(text, skipValue(text, index));
        if (text.charCodeAt(index) === 44) index = skipJsonSpace(text, index + 1);
      }
      if (located === -1) return found;
      index = located;
      found = located;
    } else if (open === 91 /* [ */) {
      const wanted = Number(token);
      index = skipJsonSpace(text, index + 1);
      for (let item = 0; item < wanted && index < text.length; item++) {
        index = skipJsonSpace(text, skipValue(text, index));
        if (text.charCodeAt(index) === 44) index = skipJsonSpace(text, index + 1);
        else return found;
      }
      found = index;
    } else return found;
  }
  return found;
}

function skipString(text: string, index: number): number {
  for (index++; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 92) index++;
    else if (code === 34) return index + 1;
  }
  return index;
}

function skipValue(text: string, index: number): number {
  const first = text.charCodeAt(index);
  if (first === 34) return skipString(text, index);
  if (first !== 123 && first !== 91) {
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 44 || code === 125 || code === 93 || code === 32 || code === 10 || code === 13 || code === 9) break;
      index++;
    }
    return index;
  }
  let depth = 0;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) index = skipString(text, index) - 1;
    else if (code === 123 || code === 91) depth++;
    else if (code === 125 || code === 93) {
      if (--depth === 0) return index + 1;
    }
  }
  return index;
}
