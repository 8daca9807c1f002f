/**
 * v1 edit's matching (opencode 1.18.33 `packages/opencode/src/tool/edit.ts`, read from the bundled
 * JavaScript of the released binary): the candidate spans each replacer proposes for `oldString`,
 * tried in order (exact, line-trimmed, block-anchor, whitespace-normalized, indentation-flexible,
 * escape-normalized, trimmed-boundary, context-aware, multi-occurrence); the first candidate found
 * in the file wins when it occurs once (or with replaceAll), and a span much larger than
 * oldString is refused.
 * @see spec §2.4 v1 ("a chain of fuzzy replacers"), README "edit" (fuzzy match keeps newString as given)
 */

/** Why v1's matcher found nothing to replace. */
export type V1EditMiss = "not-found" | "multiple" | "span-too-large" | "identical";

/** Levenshtein distance (an empty side gives the other's length). */
function distance(a: string, b: string): number {
  if (a === "" || b === "") return Math.max(a.length, b.length);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The text of lines [start, end] of `lines` (joined with `\n`), as a substring of the file. */
const spanOf = (lines: readonly string[], start: number, end: number) => lines.slice(start, end + 1).join("\n");

function* exact(_text: string, find: string): Generator<string> {
  yield find;
}

function* lineTrimmed(text: string, find: string): Generator<string> {
  const lines = text.split("\n");
  const wanted = find.split("\n");
  if (wanted[wanted.length - 1] === "") wanted.pop();
  for (let i = 0; i <= lines.length - wanted.length; i++) {
    if (wanted.every((line, k) => lines[i + k]!.trim() === line.trim())) yield spanOf(lines, i, i + wanted.length - 1);
  }
}

const BLOCK_SINGLE = 0.65;
const BLOCK_MULTIPLE = 0.65;

function* blockAnchor(text: string, find: string): Generator<string> {
  const lines = text.split("\n");
  const wanted = find.split("\n");
  if (wanted.length < 3) return;
  if (wanted[wanted.length - 1] === "") wanted.pop();
  const first = wanted[0]!.trim();
  const last = wanted[wanted.length - 1]!.trim();
  const size = wanted.length;
  const slack = Math.max(1, Math.floor(size * 0.25));
  const candidates: { start: number; end: number }[] = [];
  for (let a = 0; a < lines.length; a++) {
    if (lines[a]!.trim() !== first) continue;
    for (let b = a + 2; b < lines.length; b++) {
      if (lines[b]!.trim() === last) {
        if (Math.abs(b - a + 1 - size) <= slack) candidates.push({ start: a, end: b });
        break;
      }
    }
  }
  if (candidates.length === 0) return;
  if (candidates.length === 1) {
    const { start, end } = candidates[0]!;
    const found = end - start + 1;
    const middle = Math.min(size - 2, found - 2);
    let similarity = 0;
    if (middle > 0) {
      for (let k = 1; k < size - 1 && k < found - 1; k++) {
        const a = lines[start + k]!.trim();
        const b = wanted[k]!.trim();
        const longest = Math.max(a.length, b.length);
        if (longest === 0) continue;
        similarity += (1 - distance(a, b) / longest) / middle;
        if (similarity >= BLOCK_SINGLE) break;
      }
    } else similarity = 1;
    if (similarity >= BLOCK_SINGLE) yield spanOf(lines, start, end);
    return;
  }
  let best: { start: number; end: number } | null = null;
  let bestSimilarity = -1;
  for (const candidate of candidates) {
    const found = candidate.end - candidate.start + 1;
    const middle = Math.min(size - 2, found - 2);
    let similarity = 0;
    if (middle > 0) {
      for (let k = 1; k < size - 1 && k < found - 1; k++) {
        const a = lines[candidate.start + k]!.trim();
        const b = wanted[k]!.trim();
        const longest = Math.max(a.length, b.length);
        if (longest === 0) continue;
        similarity += 1 - distance(a, b) / longest;
      }
      similarity /= middle;
    } else similarity = 1;
    if (similarity > bestSimilarity) {
      bestSimilarity = similarity;
      best = candidate;
    }
  }
  if (bestSimilarity >= BLOCK_MULTIPLE && best) yield spanOf(lines, best.start, best.end);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function* whitespaceNormalized(text: string, find: string): Generator<string> {
  const normalize = (value: string) => value.replace(/\s+/g, " ").trim();
  const wanted = normalize(find);
  const lines = text.split("\n");
  for (const line of lines) {
    if (normalize(line) === wanted) yield line;
    else if (normalize(line).includes(wanted)) {
      const words = find.trim().split(/\s+/);
      if (words.length > 0) {
        try {
          const match = line.match(new RegExp(words.map(escapeRegex).join("\\s+")));
          if (match) yield match[0];
        } catch {
          // an invalid pattern proposes nothing
        }
      }
    }
  }
  const findLines = find.split("\n");
  if (findLines.length > 1) {
    for (let i = 0; i <= lines.length - findLines.length; i++) {
      const block = lines.slice(i, i + findLines.length).join("\n");
      if (normalize(block) === wanted) yield block;
    }
  }
}

function* indentationFlexible(text: string, find: string): Generator<string> {
  const dedent = (value: string) => {
    const lines = value.split("\n");
    const filled = lines.filter((line) => line.trim().length > 0);
    if (filled.length === 0) return value;
    const indent = Math.min(...filled.map((line) => /^(\s*)/.exec(line)![1]!.length));
    return lines.map((line) => (line.trim().length === 0 ? line : line.slice(indent))).join("\n");
  };
  const wanted = dedent(find);
  const lines = text.split("\n");
  const size = find.split("\n").length;
  for (let i = 0; i <= lines.length - size; i++) {
    const block = lines.slice(i, i + size).join("\n");
    if (dedent(block) === wanted) yield block;
  }
}

const UNESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "'": "'", '"': '"', "`": "`", "\\": "\\", "\n": "\n", $: "$" };

function* escapeNormalized(text: string, find: string): Generator<string> {
  const unescapeText = (value: string) => value.replace(/\\(n|t|r|'|"|`|\\|\n|\$)/g, (whole, key: string) => UNESCAPES[key] ?? whole);
  const wanted = unescapeText(find);
  if (text.includes(wanted)) yield wanted;
  const lines = text.split("\n");
  const size = wanted.split("\n").length;
  for (let i = 0; i <= lines.length - size; i++) {
    const block = lines.slice(i, i + size).join("\n");
    if (unescapeText(block) === wanted) yield block;
  }
}

function* multiOccurrence(text: string, find: string): Generator<string> {
  let from = 0;
  for (;;) {
    const at = text.indexOf(find, from);
    if (at === -1) break;
    yield find;
    from = at + find.length;
  }
}

function* trimmedBoundary(text: string, find: string): Generator<string> {
  const trimmed = find.trim();
  if (trimmed === find) return;
  if (text.includes(trimmed)) yield trimmed;
  const lines = text.split("\n");
  const size = find.split("\n").length;
  for (let i = 0; i <= lines.length - size; i++) {
    const block = lines.slice(i, i + size).join("\n");
    if (block.trim() === trimmed) yield block;
  }
}

function* contextAware(text: string, find: string): Generator<string> {
  const wanted = find.split("\n");
  if (wanted.length < 3) return;
  if (wanted[wanted.length - 1] === "") wanted.pop();
  const lines = text.split("\n");
  const first = wanted[0]!.trim();
  const last = wanted[wanted.length - 1]!.trim();
  for (let a = 0; a < lines.length; a++) {
    if (lines[a]!.trim() !== first) continue;
    for (let b = a + 2; b < lines.length; b++) {
      if (lines[b]!.trim() !== last) continue;
      const block = lines.slice(a, b + 1);
      if (block.length === wanted.length) {
        let compared = 0;
        let same = 0;
        for (let k = 1; k < block.length - 1; k++) {
          const x = block[k]!.trim();
          const y = wanted[k]!.trim();
          if (x.length > 0 || y.length > 0) {
            compared++;
            if (x === y) same++;
          }
        }
        if (compared === 0 || same / compared >= 0.5) {
          yield block.join("\n");
          break;
        }
      }
      break;
    }
  }
}

const REPLACERS = [exact, lineTrimmed, blockAnchor, whitespaceNormalized, indentationFlexible, escapeNormalized, trimmedBoundary, contextAware, multiOccurrence];

/** Whether a matched span is much larger than oldString (v1 then refuses). */
function spanTooLarge(span: string, find: string): boolean {
  const findLines = find.split("\n").length;
  if (span.split("\n").length >= Math.max(findLines + 3, findLines * 2)) return true;
  if (findLines === 1) return false;
  return span.trim().length > Math.max(find.trim().length + 500, find.trim().length * 4);
}

/**
 * v1's replacement of `find` by `replacement` in `text` (both already in the file's line
 * endings): the new text, or why there is none. With replaceAll, String.prototype.replaceAll's
 * `$` patterns apply to the replacement; a single replacement is literal.
 */
export function replaceV1(text: string, find: string, replacement: string, replaceAll: boolean): string | { miss: V1EditMiss } {
  if (find === replacement) return { miss: "identical" };
  let notFound = true;
  for (const replacer of REPLACERS) {
    for (const candidate of replacer(text, find)) {
      const at = text.indexOf(candidate);
      if (at === -1) continue;
      notFound = false;
      if (spanTooLarge(candidate, find)) return { miss: "span-too-large" };
      if (replaceAll) return text.replaceAll(candidate, replacement);
      if (at !== text.lastIndexOf(candidate)) continue;
      return text.substring(0, at) + replacement + text.substring(at + candidate.length);
    }
  }
  return { miss: notFound ? "not-found" : "multiple" };
}
