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
  return walk(value, path, true);
}

/**
 * Checks every generator as `expandGenerators` would, but puts `""` in its place instead of the
 * string: enough to schema-check a case (generators always make strings) without building
 * megabytes that only the run needs.
 */
export function stubGenerators(value: unknown, path = ""): unknown {
  return walk(value, path, false);
}

function walk(value: unknown, path: string, produce: boolean): unknown {
  if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}/${index}`, produce));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0].startsWith("$")) return expandGenerator(keys[0], (value as Record<string, unknown>)[keys[0]], path, produce);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = walk((value as Record<string, unknown>)[key], `${path}/${key}`, produce);
  return out;
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

const MAX_GENERATED = 256 * 1024 * 1024;

function expandGenerator(name: string, spec: unknown, path: string, produce: boolean): string {
  const fail = (message: string): never => {
    throw new GeneratorError(`${name}: ${message}`, path);
  };
  const asObject = (): Record<string, unknown> => (spec !== null && typeof spec === "object" && !Array.isArray(spec) ? spec : fail("expects an object")) as Record<string, unknown>;
  switch (name) {
    case "$repeat": {
      const object = asObject();
      const text = typeof object.text === "string" ? object.text : fail("text must be a string");
      const count = Number.isInteger(object.count) && (object.count as number) >= 0 ? (object.count as number) : fail("count must be a non-negative integer");
      if (text.length * count > MAX_GENERATED) fail("result too large");
      return produce ? text.repeat(count) : "";
    }
    case "$lines": {
      const object = asObject();
      const from = Number.isInteger(object.from) ? (object.from as number) : fail("from must be an integer");
      const to = Number.isInteger(object.to) ? (object.to as number) : fail("to must be an integer");
      const template = object.template === undefined ? "{n}" : typeof object.template === "string" ? object.template : fail("template must be a string");
      const separator = object.separator === undefined ? "\n" : typeof object.separator === "string" ? object.separator : fail("separator must be a string");
      if (to - from > 50_000_000) fail("range too large");
      if (!produce) return "";
      const pieces = template.split("{n}");
      const parts: string[] = [];
      if (pieces.length === 2) {
        const [before, after] = pieces;
        for (let n = from; n <= to; n++) parts.push(before + n + after);
      } else for (let n = from; n <= to; n++) parts.push(pieces.join(String(n)));
      return parts.join(separator);
    }
    case "$concat": {
      if (!Array.isArray(spec)) fail("expects an array");
      return (spec as unknown[])
        .map((part, index) => {
          const expanded = walk(part, `${path}/$concat/${index}`, produce);
          return typeof expanded === "string" ? expanded : fail(`part ${index} is not a string`);
        })
        .join("");
    }
    default:
      return fail("unknown generator (known: $repeat, $lines, $concat)");
  }
}
