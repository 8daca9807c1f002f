/**
 * Text from subjects and agents made safe to print on a terminal: every control character
 * (C0 but newline and tab, DEL, C1), and the bidirectional overrides that reorder what a reader
 * sees, becomes a visible escape (`\x1b`, `\r`, `\u202e`), so a result holding a terminal escape
 * can neither recolour, move the cursor nor hide text in a report. With `oneLine`, newlines and
 * tabs are escaped too (a message that must stay on its line).
 */
export function escapeControl(text: string, oneLine = false): string {
  const pattern = oneLine ? ONE_LINE : MULTI_LINE;
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return text;
  pattern.lastIndex = 0;
  return text.replace(pattern, escapeOne);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: it finds exactly the control characters to escape
const MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, newline and tab included
const ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\x1b" };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}
