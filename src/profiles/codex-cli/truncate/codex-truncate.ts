import { utf8Length } from "../../../text/utf8-length.js";

/** Codex counts 4 bytes as one token, rounding up. @see spec §3.1 (source: codex-rs/utils/string/src/truncate.rs) */
export const BYTES_PER_TOKEN = 4;

/** ceil(bytes / 4): Codex's approximate token count of a byte length. @see spec §3.1 */
export function approxTokensFromBytes(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/**
 * Codex's middle truncation with a token budget (bytes = tokens × 4), on UTF-8 boundaries:
 * the text within the budget is unchanged; otherwise the head keeps the characters that end
 * within budget/2 bytes, the tail the characters that start at or after (length − (budget −
 * budget/2)), and between them the marker `…N tokens truncated…` with N = ceil((length −
 * budget) / 4); a zero budget leaves the marker alone, N = ceil(length / 4).
 * @see spec §3.1 (observed: a 61-byte line cut to 5 tokens keeps `aéééé` and `ééééé`, 11 tokens)
 */
export function truncateMiddleTokens(text: string, maxTokens: number): string {
  if (text === "") return "";
  const length = utf8Length(text);
  const budget = maxTokens * BYTES_PER_TOKEN;
  if (budget === 0) return marker(approxTokensFromBytes(length));
  if (length <= budget) return text;
  const left = Math.floor(budget / 2);
  const right = budget - left;
  const tailStart = length - right;
  let offset = 0;
  let headEnd = 0; // in UTF-16 units
  let tailFrom = text.length;
  let tailFound = false;
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index)!;
    const units = code > 0xffff ? 2 : 1;
    const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const end = offset + bytes;
    if (end <= left) headEnd = index + units;
    else if (offset >= tailStart && !tailFound) {
      tailFrom = index;
      tailFound = true;
    }
    offset = end;
    index += units;
  }
  if (tailFrom < headEnd) tailFrom = headEnd;
  return text.slice(0, headEnd) + marker(approxTokensFromBytes(length - budget)) + text.slice(tailFrom);
}

const marker = (tokens: number) => `…${tokens} tokens truncated…`;

/**
 * The output block of an exec result: unchanged within the budget, else a warning header
 * (`Warning: truncated output (original token count: T)⏎Total output lines: L⏎⏎`, T from the
 * decoded text's UTF-8 length, L as Rust's `str::lines` counts) and the middle-truncated text.
 * @see spec §3.2 (source: codex-rs/utils/output-truncation/src/lib.rs `formatted_truncate_text`; observed bytes)
 */
export function formattedTruncateText(text: string, maxTokens: number): string {
  const length = utf8Length(text);
  if (length <= maxTokens * BYTES_PER_TOKEN) return text;
  return `Warning: truncated output (original token count: ${approxTokensFromBytes(length)})\nTotal output lines: ${rustLineCount(text)}\n\n${truncateMiddleTokens(text, maxTokens)}`;
}

/** Rust `str::lines().count()`: lines split at `\n`, a final empty piece after a trailing newline not counted. */
export function rustLineCount(text: string): number {
  if (text === "") return 0;
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
  return text.endsWith("\n") ? count : count + 1;
}
