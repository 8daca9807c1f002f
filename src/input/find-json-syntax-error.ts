import { skipJsonSpace } from "./skip-json-space.js";

/**
 * Where JSON text first stops being JSON, and why, in words; null when it is valid.
 * Node 20's JSON.parse does not always say where it failed, so correx finds the place itself
 * (only on the error path). Iterative, so deep input cannot overflow the stack.
 */
export function findJsonSyntaxError(text: string): { offset: number; message: string } | null {
  const stack: number[] = []; // 123 object, 91 array
  let index = skipJsonSpace(text, 0);
  let expectValue = true;
  const describe = (at: number) => (at >= text.length ? "unexpected end of input" : `unexpected character ${nameCharacter(String.fromCodePoint(text.codePointAt(at)!))}`);
  while (true) {
    if (expectValue) {
      const code = text.charCodeAt(index);
      if (code === 123 || code === 91) {
        stack.push(code);
        index = skipJsonSpace(text, index + 1);
        if (text.charCodeAt(index) === (code === 123 ? 125 : 93)) {
          stack.pop();
          index++;
          expectValue = false;
        } else if (code === 123) {
          const key = scanString(text, index);
          if (key.error) return key.error;
          index = skipJsonSpace(text, key.end);
          if (text.charCodeAt(index) !== 58) return { offset: index, message: `${describe(index)}, expected ":"` };
          index = skipJsonSpace(text, index + 1);
        }
        continue;
      }
      if (code === 34) {
        const string = scanString(text, index);
        if (string.error) return string.error;
        index = string.end;
      } else {
        const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(index, index + 400));
        if (!literal) return { offset: index, message: `${describe(index)}, expected a value` };
        index += literal[0].length;
      }
      expectValue = false;
      continue;
    }
    index = skipJsonSpace(text, index);
    if (stack.length === 0) return index >= text.length ? null : { offset: index, message: `${describe(index)} after the value` };
    const top = stack[stack.length - 1];
    const code = text.charCodeAt(index);
    if (code === 44) {
      index = skipJsonSpace(text, index + 1);
      if (top === 123) {
        const key = scanString(text, index);
        if (key.error) return key.error;
        index = skipJsonSpace(text, key.end);
        if (text.charCodeAt(index) !== 58) return { offset: index, message: `${describe(index)}, expected ":"` };
        index = skipJsonSpace(text, index + 1);
      }
      expectValue = true;
    } else if (code === (top === 123 ? 125 : 93)) {
      stack.pop();
      index++;
    } else return { offset: index, message: `${describe(index)}, expected "," or "${top === 123 ? "}" : "]"}"` };
  }
}

function scanString(text: string, index: number): { end: number; error?: { offset: number; message: string } } {
  if (text.charCodeAt(index) !== 34) {
    return {
      end: index,
      error: {
        offset: index,
        message: index >= text.length ? "unexpected end of input, expected a string" : `unexpected character ${nameCharacter(String.fromCodePoint(text.codePointAt(index)!))}, expected a string`,
      },
    };
  }
  for (let at = index + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) return { end: at + 1 };
    if (code < 32) return { end: at, error: { offset: at, message: "control character in string (escape it)" } };
    if (code === 92) {
      const next = text[at + 1];
      if (next === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return { end: at, error: { offset: at, message: "bad \\u escape in string" } };
        at += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at++;
      else return { end: at, error: { offset: at, message: "bad escape in string" } };
    }
  }
  return { end: text.length, error: { offset: index, message: "unterminated string" } };
}

/**
 * A character as an error message shows it: quoted when it can be seen, else by code point (a
 * byte order mark, a zero-width or other invisible character printed as itself looks like `""`).
 */
function nameCharacter(character: string): string {
  if (character === "\uFEFF") return "U+FEFF (a byte order mark: save the file without it)";
  if (/^[\p{C}\p{Z}]$/u.test(character) && character !== " ") return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  return JSON.stringify(character);
}
