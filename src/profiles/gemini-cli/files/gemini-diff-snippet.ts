import { packageOnFirstUse } from "../../../input/package-on-first-use.js";

const jsdiff = packageOnFirstUse<typeof import("diff")>("diff");

/**
 * The "updated code" a write_file or replace result shows: the new content when the old one is
 * empty; otherwise the new content's lines around each change (jsdiff `diffLines`), 5 lines of
 * context each side, overlapping ranges merged, gaps written `...`.
 * @see docs/spec/gemini-cli-0.61.0.md §6.2 [bundle: getDiffContextSnippet]
 */
export function geminiDiffSnippet(original: string, updated: string, contextLines = 5): string {
  if (!original) return updated;
  const changes = jsdiff().diffLines(original, updated);
  const newLines = updated.split(/\r?\n/);
  const ranges: { start: number; end: number }[] = [];
  let line = 0;
  for (const change of changes) {
    if (change.added) {
      ranges.push({ start: line, end: line + (change.count ?? 0) });
      line += change.count ?? 0;
    } else if (change.removed) {
      ranges.push({ start: line, end: line });
    } else {
      line += change.count ?? 0;
    }
  }
  if (ranges.length === 0) return updated;
  const expanded = ranges.map((range) => ({ start: Math.max(0, range.start - contextLines), end: Math.min(newLines.length, range.end + contextLines) })).sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  let current = expanded[0]!;
  for (const next of expanded.slice(1)) {
    if (next.start <= current.end) current = { start: current.start, end: Math.max(current.end, next.end) };
    else {
      merged.push(current);
      current = next;
    }
  }
  merged.push(current);
  const parts: string[] = [];
  let lastEnd = 0;
  for (const range of merged) {
    if (range.start > lastEnd) parts.push("...");
    parts.push(newLines.slice(range.start, range.end).join("\n"));
    lastEnd = range.end;
  }
  if (lastEnd < newLines.length) parts.push("...");
  return parts.join("\n");
}
