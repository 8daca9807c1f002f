import { BigStringMemo } from "../text/big-string-memo.js";

/**
 * Generators let a case or golden state a big string exactly without spelling it out:
 * an object whose only key is `$repeat`, `$lines` or `$concat` is replaced by the string it
 * describes (design: case and golden files). Everything else is copied as is.
 *
 * - `{$repeat: {text, count}}` → text repeated count times
 * - `{$lines: {from, to, template = "{n}", separator = "\n"}}` → template with {n} = from..to, joined
 * - `{$concat: [part…]}` → the parts (strings or generators) concatenated
 */
export function expandGenerators(value: unknown, path = ""): unknown {
  return walk(value, path, true, { total: 0 });
}

/**
 * Checks every generator as `expandGenerators` would, but puts `""` in its place instead of the
 * string: enough to schema-check a case (generators always make strings) without building
 * megabytes that only the run needs.
 */
export function stubGenerators(value: unknown, path = ""): unknown {
  return walk(value, path, false, { total: 0 });
}

/** The characters the generators of one document make together, counted before any is built. */
interface GeneratedTotal {
  total: number;
}

// A scalar child is copied as it is, without building its path (most nodes are scalars).
function walk(value: unknown, path: string, produce: boolean, generated: GeneratedTotal): unknown {
  if (Array.isArray(value)) return value.map((item, index) => (item !== null && typeof item === "object" ? walk(item, `${path}/${index}`, produce, generated) : item));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0].startsWith("$")) return expandGenerator(keys[0], (value as Record<string, unknown>)[keys[0]], path, produce, generated);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    out[key] = item !== null && typeof item === "object" ? walk(item, `${path}/${key}`, produce, generated) : item;
  }
  return out;
}

/** How many decimal characters the integers from…to hold together (with their minus signs). */
function digitsBetween(from: number, to: number): number {
  let total = 0;
  const positive = (low: number, high: number) => {
    let sum = 0;
    for (let width = 1, start = 1; start <= high; width++, start *= 10) sum += width * Math.max(0, Math.min(high, start * 10 - 1) - Math.max(low, start) + 1);
    return sum;
  };
  if (to >= 0) total += positive(Math.max(from, 1), to) + (from <= 0 ? 1 : 0);
  if (from < 0) total += positive(Math.max(1, -Math.min(to, -1)), -from) + (Math.min(to, -1) - from + 1);
  return total;
}

/** Thrown for a malformed generator; `pointer` says where. */
export class GeneratorError extends Error {
  override readonly name = "GeneratorError";
  constructor(
    message: string,
    readonly pointer: string,
  ) {
    super(message);
  }
  static isInstance(error: unknown): error is GeneratorError {
    return error instanceof Error && error.name === "GeneratorError";
  }
}

/** The most characters the generators of one case or golden make together (README "Limits"). */
export const MAX_GENERATED = 256 * 1024 * 1024;

/**
 * The big strings generators made, by what made them: built once per process, so the work later
 * done on one (a flattening, a scan) is done once too.
 */
const built = new BigStringMemo<string>();

function expandGenerator(name: string, spec: unknown, path: string, produce: boolean, generated: GeneratedTotal): string {
  const fail = (message: string): never => {
    throw new GeneratorError(`${name}: ${message}`, path);
  };
  /** Counts `size` more characters against the document's limit before they are built. */
  const claim = (size: number) => {
    generated.total += size;
    if (generated.total > MAX_GENERATED) fail(`the generated text would be ${generated.total} characters, over the ${MAX_GENERATED} character limit for one document`);
  };
  const asObject = (): Record<string, unknown> => (spec !== null && typeof spec === "object" && !Array.isArray(spec) ? spec : fail("expects an object")) as Record<string, unknown>;
  switch (name) {
    case "$repeat": {
      const object = asObject();
      const text = typeof object.text === "string" ? object.text : fail("text must be a string");
      const count = Number.isInteger(object.count) && (object.count as number) >= 0 ? (object.count as number) : fail("count must be a non-negative integer");
      claim(text.length * count);
      return produce ? built.get(`$repeat\0${count}\0${text}`, text.length * count, () => text.repeat(count)) : "";
    }
    case "$lines": {
      const object = asObject();
      const from = Number.isInteger(object.from) ? (object.from as number) : fail("from must be an integer");
      const to = Number.isInteger(object.to) ? (object.to as number) : fail("to must be an integer");
      const template = object.template === undefined ? "{n}" : typeof object.template === "string" ? object.template : fail("template must be a string");
      const separator = object.separator === undefined ? "\n" : typeof object.separator === "string" ? object.separator : fail("separator must be a string");
      if (to - from > 50_000_000) fail(`the range ${from}…${to} is over 50,000,000 lines`);
      const pieces = template.split("{n}");
      const count = to - from + 1;
      const size = to >= from ? count * (template.length - 3 * (pieces.length - 1)) + (pieces.length - 1) * digitsBetween(from, to) + (count - 1) * separator.length : 0;
      claim(size);
      if (!produce) return "";
      return built.get(`$lines\0${from}\0${to}\0${separator.length}\0${separator}${template}`, size, () => {
        const parts: string[] = [];
        if (pieces.length === 2) {
          const [before, after] = pieces;
          for (let n = from; n <= to; n++) parts.push(before + n + after);
        } else for (let n = from; n <= to; n++) parts.push(pieces.join(String(n)));
        return parts.join(separator);
      });
    }
    case "$concat": {
      if (!Array.isArray(spec)) fail("expects an array");
      const join = (producing: boolean, total: GeneratedTotal) =>
        (spec as unknown[])
          .map((part, index) => {
            const expanded = walk(part, `${path}/$concat/${index}`, producing, total);
            return typeof expanded === "string" ? expanded : fail(`part ${index} is not a string`);
          })
          .join("");
      // checked and counted first without building, so that a big one is built once (by what it is)
      const before = generated.total;
      const literal = join(false, generated).length;
      if (!produce) return "";
      return built.get(`$concat\0${JSON.stringify(spec)}`, generated.total - before + literal, () => join(true, { total: 0 }));
    }
    default:
      return fail("unknown generator (known: $repeat, $lines, $concat)");
  }
}
