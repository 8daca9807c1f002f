import { escapeHtml } from "./html-report-escape.js";

/** Characters shown longer than this are elided around the highlighted range. */
export const VISIBLE_TEXT_LIMIT = 20_000;
const CONTEXT = 4_000;

const ws = (marker: string) => `<span class="ws">${marker}</span>`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: it finds exactly the control characters the report shows as symbols
const SPECIAL = /[\t\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff&<>"']/g;

/** One character as shown: the same markers as the text diffs (golden/visible-whitespace.ts). */
function shown(character: string): string {
  switch (character) {
    case "\t":
      return ws("→");
    case "\r":
      return ws("␍");
    case "\u007f":
      return ws("␡");
    case "\ufeff":
      return ws("⟨BOM⟩");
    case "&":
    case "<":
    case ">":
    case '"':
    case "'":
      return escapeHtml(character);
    default:
      return ws(String.fromCharCode(0x2400 + character.charCodeAt(0)));
  }
}

/** A run of text inside one line; `trailing` when it is the line's trailing spaces and tabs. */
function segmentHtml(segment: string, trailing: boolean): string {
  if (trailing) return segment.replace(/[ \t]/g, (c) => ws(c === " " ? "·" : "→"));
  return segment.replace(SPECIAL, shown);
}

export interface Highlight {
  start: number;
  end: number;
}

/**
 * Text as HTML for a `<pre>`, whitespace made visible the way the text diffs show it (trailing
 * spaces `·`, tabs `→`, CR `␍`, control pictures, `⟨BOM⟩`), with one range wrapped in
 * `<mark class="d">` (a newline inside it shows as `↵`; an empty range is a `gap` mark, where
 * the other side has bytes and this one has none). Long text is elided around the range.
 */
export function visibleTextHtml(text: string, highlight?: Highlight, limit = VISIBLE_TEXT_LIMIT): string {
  let from = 0;
  let to = text.length;
  if (text.length > limit) {
    if (highlight) {
      from = Math.max(0, highlight.start - CONTEXT);
      to = Math.min(text.length, highlight.end + CONTEXT);
    } else to = limit;
  }
  const hs = highlight ? highlight.start : -1;
  const he = highlight ? highlight.end : -1;
  // cut points: window ends, highlight ends, each newline (as its own segment), each line's trailing whitespace
  const cuts = new Set<number>([from, to]);
  if (highlight) cuts.add(hs).add(he);
  const trailingStarts: number[] = [];
  let lineStart = from === 0 ? 0 : text.lastIndexOf("\n", from - 1) + 1;
  while (lineStart <= to) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    let trailingStart = lineEnd;
    if (lineEnd <= to) while (trailingStart > lineStart && (text[trailingStart - 1] === " " || text[trailingStart - 1] === "\t")) trailingStart--;
    trailingStarts.push(trailingStart);
    cuts.add(trailingStart).add(lineEnd);
    if (newline === -1) break;
    cuts.add(newline + 1);
    lineStart = newline + 1;
  }
  const points = [...cuts].filter((cut) => cut >= from && cut <= to).sort((a, b) => a - b);
  const out: string[] = [];
  if (from > 0) out.push(`<span class="elided">… ${from} characters before …</span>\n`);
  let line = 0;
  for (let index = 0; index < points.length; index++) {
    const start = points[index];
    if (start === hs && hs === he) out.push('<mark class="d gap" title="nothing here; the other side has bytes"></mark>');
    else if (start === hs) out.push('<mark class="d">');
    else if (start === he) out.push("</mark>");
    const end = points[index + 1];
    if (end === undefined) break;
    if (text[start] === "\n") {
      out.push(start >= hs && start < he ? ws("↵") + "\n" : "\n");
      line++;
      continue;
    }
    out.push(segmentHtml(text.slice(start, end), start >= (trailingStarts[line] ?? Infinity)));
  }
  if (to < text.length) out.push(`\n<span class="elided">… ${text.length - to} characters after …</span>`);
  return out.join("");
}
