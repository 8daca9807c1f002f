import { createTwoFilesPatch } from "diff";
import type { ValueDifference } from "./value-differences.js";
import { visibleWhitespace } from "./visible-whitespace.js";

const CONTEXT = 3;
const MAX_LINES = 80;

const asJson = (value: unknown): string => (value === undefined ? "(absent)" : (JSON.stringify(value, null, 2) ?? String(value)));

/**
 * A unified diff (the `diff` package) of one difference, whitespace made visible, long
 * unchanged stretches elided around the change. Strings are diffed as text; other values as
 * pretty JSON.
 */
export function renderDifference(difference: ValueDifference, labels: { expected: string; actual: string } = { expected: "expected", actual: "actual" }, options: { maxLines?: number } = {}): string {
  const maxLines = options.maxLines ?? MAX_LINES;
  const expected = typeof difference.expected === "string" ? difference.expected : asJson(difference.expected);
  const actual = typeof difference.actual === "string" ? difference.actual : asJson(difference.actual);
  const header = `${difference.pointer || "/"}:`;
  const strings = typeof difference.expected === "string" && typeof difference.actual === "string";
  const note = strings ? missingNewlineNote(difference.expected as string, difference.actual as string, labels) : "";
  const patch = createTwoFilesPatch(labels.expected, labels.actual, visibleWhitespace(expected) + "\n", visibleWhitespace(actual) + "\n", "", "", { context: CONTEXT });
  const body = patch
    .split("\n")
    .filter((line) => !line.startsWith("=====") && line !== "\\ No newline at end of file")
    .map((line) => (line.startsWith("--- ") || line.startsWith("+++ ") ? line.replace(/\t$/, "") : line));
  const trimmed = body.length > maxLines ? [...body.slice(0, maxLines), `… ${body.length - maxLines} more diff lines`] : body;
  return [header, ...trimmed.map((line) => "  " + line), ...(note ? ["  " + note] : [])].join("\n").replace(/\s+$/, "");
}

function missingNewlineNote(expected: string, actual: string, labels: { expected: string; actual: string }): string {
  const e = expected.endsWith("\n");
  const a = actual.endsWith("\n");
  if (e === a) return "";
  return e ? `⊘ ${labels.actual} has no newline at end (${labels.expected} has one)` : `⊘ ${labels.actual} ends with a newline (${labels.expected} has none)`;
}
