import { expandGenerators } from "./expand-generators.js";

/**
 * When a generator pays: below `length` characters a string is written as it is; a `$lines` run
 * must cover `lines` lines, a `$repeat` `repeat` characters. `relaxed` is for a value a
 * generator already wrote: the generator is kept while one still reproduces it.
 */
const THRESHOLDS = {
  normal: { length: 200, lines: 20, repeat: 100 },
  relaxed: { length: 0, lines: 3, repeat: 16 },
};
type Thresholds = (typeof THRESHOLDS)["normal"];
const MAX_DEPTH = 6;

interface Run {
  start: number;
  end: number;
  generator: Record<string, unknown>;
}

/**
 * The most compact form the golden rules allow for a string (design: case and golden files):
 * a `$lines` generator for a long run of numbered lines, `$repeat` for a long repetition, joined
 * to the literal text around them with `$concat`; otherwise the string itself (which the golden
 * YAML writes as a literal block). The result always expands back to exactly `text`.
 */
export function compactString(text: string, options: { relaxed?: boolean } = {}): unknown {
  const compact = compactAt(text, 0, options.relaxed ? THRESHOLDS.relaxed : THRESHOLDS.normal);
  if (compact === text) return text;
  try {
    return expandGenerators(compact) === text ? compact : text;
  } catch {
    return text;
  }
}

function compactAt(text: string, depth: number, limits: Thresholds): unknown {
  if (text.length < limits.length || depth > MAX_DEPTH) return text;
  const lines = bestLinesRun(text, limits.lines);
  const repeat = bestRepeatRun(text, limits.repeat);
  const run = lines && repeat ? (repeat.end - repeat.start > lines.end - lines.start ? repeat : lines) : (lines ?? repeat);
  if (!run) return text;
  const parts = [compactAt(text.slice(0, run.start), depth + 1, limits), run.generator, compactAt(text.slice(run.end), depth + 1, limits)]
    .flatMap((part) => (isConcat(part) ? (part as { $concat: unknown[] }).$concat : [part]))
    .filter((part) => part !== "");
  return parts.length === 1 ? parts[0] : { $concat: parts };
}

const isConcat = (value: unknown) => value !== null && typeof value === "object" && "$concat" in value;

/** The longest run of lines `before + n + after` with n counting up by one (a `$lines` generator). */
function bestLinesRun(text: string, minLines: number): Run | null {
  const lines = text.split("\n");
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  let best: { from: number; count: number; line: number; before: string; after: string } | null = null;
  for (let index = 0; index < lines.length - minLines + 1; ) {
    let longest = 1;
    for (const match of lines[index].matchAll(/\d+/g)) {
      const digits = match[0];
      if (digits.length > 1 && digits.startsWith("0")) continue;
      const n = Number(digits);
      if (!Number.isSafeInteger(n)) continue;
      const before = lines[index].slice(0, match.index);
      const after = lines[index].slice(match.index! + digits.length);
      if (before.includes("{n}") || after.includes("{n}")) continue;
      let count = 1;
      while (index + count < lines.length && lines[index + count] === before + (n + count) + after) count++;
      if (count > longest) longest = count;
      if (count >= minLines && (!best || count > best.count)) best = { from: n, count, line: index, before, after };
    }
    index += longest;
  }
  if (!best) return null;
  const start = offsets[best.line];
  const end = offsets[best.line + best.count - 1] + lines[best.line + best.count - 1].length;
  const lines$: Record<string, unknown> = { from: best.from, to: best.from + best.count - 1 };
  if (best.before !== "" || best.after !== "") lines$.template = `${best.before}{n}${best.after}`;
  return { start, end, generator: { $lines: lines$ } };
}

/** The longest repetition (unit of 1 to 16 characters, at least 6 times) of at least `minLength` characters. */
function bestRepeatRun(text: string, minLength: number): Run | null {
  const pattern = /([\s\S]{1,16}?)\1{5,}/g;
  let best: Run | null = null;
  for (const match of text.matchAll(pattern)) {
    const unit = match[1];
    const count = Math.floor(match[0].length / unit.length);
    const length = count * unit.length;
    if (length < minLength || (best && length <= best.end - best.start)) continue;
    best = { start: match.index!, end: match.index! + length, generator: { $repeat: { text: unit, count } } };
  }
  return best;
}
