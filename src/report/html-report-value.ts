import { escapeHtml } from "./html-report-escape.js";
import { VISIBLE_TEXT_LIMIT, visibleTextHtml } from "./html-report-visible-text.js";

/** A wire body shown longer than this (as pretty JSON) is cut, with a note. */
const JSON_TEXT_LIMIT = 200_000;

/** Long strings inside a wire body are cut for display, with a marker saying how much. */
function capStrings(value: unknown): unknown {
  if (typeof value === "string") return value.length > VISIBLE_TEXT_LIMIT ? `${value.slice(0, VISIBLE_TEXT_LIMIT)}…[report: ${value.length - VISIBLE_TEXT_LIMIT} more characters not shown]` : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(capStrings);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capStrings(item)]));
}

/**
 * A value as HTML for a `<pre>`. With `json`, exactly `JSON.stringify(value, null, 2)` (wire
 * bodies: the bytes a provider would parse, pretty-printed). Otherwise JSON whose multi-line
 * strings are shown as text blocks, whitespace made visible, so a tool result reads as the model
 * would read it.
 */
export function valueHtml(value: unknown, json = false): string {
  if (value === undefined) return '<span class="absent">(absent)</span>';
  if (json) {
    const text = JSON.stringify(capStrings(value), null, 2) ?? String(value);
    return visibleTextHtml(text, undefined, JSON_TEXT_LIMIT);
  }
  return printValue(value, "");
}

function printValue(value: unknown, indent: string): string {
  if (typeof value === "string") {
    if (!value.includes("\n")) {
      if (value.length <= VISIBLE_TEXT_LIMIT) return `<span class="str">${visibleTextHtml(JSON.stringify(value))}</span>`;
      return `<span class="str">${visibleTextHtml(JSON.stringify(value.slice(0, VISIBLE_TEXT_LIMIT)))}</span><span class="elided"> … ${value.length - VISIBLE_TEXT_LIMIT} more characters</span>`;
    }
    const ending = value.endsWith("\n") ? "" : '<span class="note"> ⊘ no newline at end</span>';
    return `<span class="block">${visibleTextHtml(value)}${ending}</span>`;
  }
  if (value === null || typeof value !== "object") return `<span class="lit">${escapeHtml(String(value))}</span>`;
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => inner + printValue(item, inner)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, item]) => `${inner}<span class="key">${escapeHtml(JSON.stringify(key))}</span>: ${printValue(item, inner)}`).join(",\n")}\n${indent}}`;
}
