import { packageOnFirstUse } from "../input/package-on-first-use.js";
import type { ValueDifference } from "./value-differences.js";
import { visibleWhitespace } from "./visible-whitespace.js";

/** jsdiff: loaded at the first difference to render, not at every gate's start. */
const jsdiff = packageOnFirstUse<typeof import("diff")>("diff");

const CONTEXT = 3;
const MAX_LINES = 80;
/**
 * The diff's work bound: past this many changed lines (Myers' edit length), or past
 * MAX_DIFF_INPUT_LINES on either side, no diff is computed; the report shows the first
 * difference and the sizes instead (an 80,000-line result wrong everywhere took 38 s to diff).
 */
export const MAX_EDIT_LENGTH = 500;
export const MAX_DIFF_INPUT_LINES = 50_000;
/** A shown line longer than this is cut (a 30 MB single-line result is not printed whole). */
export const MAX_SHOWN_LINE_CHARS = 1000;

const asJson = (value: unknown): string => (value === undefined ? "(absent)" : (JSON.stringify(value, null, 2) ?? String(value)));

/**
 * A unified diff (the `diff` package) of one difference, whitespace and control characters made
 * visible, long unchanged stretches elided around the change, long lines cut. Strings are diffed
 * as text; other values as pretty JSON. Past the work bound: the first differing line and sizes.
 */
export function renderDifference(difference: ValueDifference, labels: { expected: string; actual: string } = { expected: "expected", actual: "actual" }, options: { maxLines?: number } = {}): string {
  const maxLines = options.maxLines ?? MAX_LINES;
  const expected = typeof difference.expected === "string" ? difference.expected : asJson(difference.expected);
  const actual = typeof difference.actual === "string" ? difference.actual : asJson(difference.actual);
  const header = `${difference.pointer || "/"}:`;
  const strings = typeof difference.expected === "string" && typeof difference.actual === "string";
  const note = strings ? missingNewlineNote(difference.expected as string, difference.actual as string, labels) : "";
  const shownExpected = visibleWhitespace(expected) + "\n";
  const shownActual = visibleWhitespace(actual) + "\n";
  const withinBound = countLines(shownExpected) <= MAX_DIFF_INPUT_LINES && countLines(shownActual) <= MAX_DIFF_INPUT_LINES;
  const patch = withinBound ? jsdiff().createTwoFilesPatch(labels.expected, labels.actual, shownExpected, shownActual, "", "", { context: CONTEXT, maxEditLength: MAX_EDIT_LENGTH }) : undefined;
  const body =
    patch === undefined
      ? firstDifference(shownExpected, shownActual, expected, actual, labels)
      : patch
          .split("\n")
          .filter((line) => !line.startsWith("=====") && line !== "\\ No newline at end of file")
          .map((line) => (line.startsWith("--- ") || line.startsWith("+++ ") ? line.replace(/\t$/, "") : line));
  const trimmed = body.length > maxLines ? [...body.slice(0, maxLines), `… ${body.length - maxLines} more diff lines`] : body;
  return [header, ...trimmed.map((line) => "  " + cutLine(line)), ...(note ? ["  " + note] : [])].join("\n").replace(/\s+$/, "");
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

/** A line past MAX_SHOWN_LINE_CHARS cut there, never between the two halves of a surrogate pair (an emoji is shown whole or not at all). */
function cutLine(line: string): string {
  if (line.length <= MAX_SHOWN_LINE_CHARS) return line;
  const high = line.charCodeAt(MAX_SHOWN_LINE_CHARS - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? MAX_SHOWN_LINE_CHARS - 1 : MAX_SHOWN_LINE_CHARS;
  return `${line.slice(0, cut)}… (${line.length - cut} more characters)`;
}

/** The bounded view: the first line where the two differ (with the line before it), then both sizes. */
function firstDifference(shownExpected: string, shownActual: string, expected: string, actual: string, labels: { expected: string; actual: string }): string[] {
  const e = shownExpected.split("\n");
  const a = shownActual.split("\n");
  let line = 0;
  while (line < e.length && line < a.length && e[line] === a[line]) line++;
  const size = (text: string) => `${text === "" ? 0 : countLines(text) + (text.endsWith("\n") ? 0 : 1)} lines, ${Buffer.byteLength(text)} bytes`;
  return [
    `--- ${labels.expected}`,
    `+++ ${labels.actual}`,
    `@@ first difference at line ${line + 1} (too different to diff within ${MAX_EDIT_LENGTH} changed lines) @@`,
    ...(line > 0 ? [` ${e[line - 1]}`] : []),
    ...(line < e.length - 1 ? [`-${e[line]}`] : []),
    ...(line < a.length - 1 ? [`+${a[line]}`] : []),
    `${labels.expected}: ${size(expected)}; ${labels.actual}: ${size(actual)}`,
  ];
}

function missingNewlineNote(expected: string, actual: string, labels: { expected: string; actual: string }): string {
  const e = expected.endsWith("\n");
  const a = actual.endsWith("\n");
  if (e === a) return "";
  return e ? `⊘ ${labels.actual} has no newline at end (${labels.expected} has one)` : `⊘ ${labels.actual} ends with a newline (${labels.expected} has none)`;
}
