import { type ParseArgsConfig, parseArgs } from "node:util";

/** Parsed flags and positionals. */
export interface CommandArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

import { parseShard } from "../conformance/reporters/run-metadata.js";
import { parseUnsupportedBudget, type UnsupportedBudget } from "../conformance/unsupported-budget.js";
import { closest } from "./schema-suggestions.js";
import { UsageError } from "./usage-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, with its errors turned into one-line UsageErrors naming the command. */
export function parseCommandArgs(command: string, args: string[], options: Options, allowPositionals = true): CommandArgs {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: Options; allowPositionals: boolean; strict: true; tokens: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(`correx ${command}: ${describeParseError(command, error, args, options)}`);
  }
  // node:util keeps the last of a repeated single-valued flag: a repeated value flag is a mistake to name, not to guess at
  // (a repeated switch means the same thing twice).
  const seen = new Map<string, string>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option" || options[token.name]?.multiple || options[token.name]?.type !== "string") continue;
    const value = token.value ?? "";
    const earlier = seen.get(token.name);
    if (earlier !== undefined) {
      throw new UsageError(`correx ${command}: --${token.name} given twice (${JSON.stringify(earlier)}, then ${JSON.stringify(value)}); give it once`);
    }
    seen.set(token.name, value);
  }
  const { values, positionals } = parsed;
  return { values, positionals } as CommandArgs;
}

/**
 * node:util's parse error as one line a person can act on: an unknown flag with the closest known
 * one, a value that starts with `-` (Node: "argument is ambiguous") with the `--flag=value` form
 * that passes it.
 */
function describeParseError(command: string, error: unknown, args: string[], options: Options): string {
  const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message);
  if (unknown) {
    const known = Object.keys(options).map((name) => `--${name}`);
    const near = closest(unknown[1]!, known);
    return `unknown option ${unknown[1]}${near ? ` (did you mean ${near}?)` : ""}; npx correx ${command} --help lists the options`;
  }
  const ambiguous = /^Option '(-{1,2}[^' ]*)[^']*' argument is ambiguous/.exec(message);
  if (ambiguous) {
    const flag = ambiguous[1]!;
    const value = args[args.indexOf(flag) + 1] ?? "";
    return `${flag} needs a value, and ${JSON.stringify(value)} after it looks like a flag; if it is the value, write ${flag}=${value}`;
  }
  return message.replace(/\. To specify a positional argument.*$/, "");
}

/** The largest delay a Node timer honours (2^31 − 1 ms, about 24.8 days); above it Node fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A duration flag in whole milliseconds, 1 … MAX_TIMER_MS; anything else is a UsageError naming the flag. */
export function parseMillisecondsFlag(command: string, flag: string, text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_TIMER_MS) {
    throw new UsageError(`correx ${command}: --${flag} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, found "${text}"`);
  }
  return value;
}

/** A count flag, a whole number from `min` up; anything else is a UsageError naming the flag. */
export function parseCountFlag(command: string, flag: string, text: string, min: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`correx ${command}: --${flag} must be a whole number from ${min} up, found "${text}"`);
  return value;
}

/** `--max-unsupported N|P%` (check, gate); anything else is a UsageError naming the flag. */
export function parseMaxUnsupportedFlag(command: string, text: string): UnsupportedBudget {
  const budget = parseUnsupportedBudget(text);
  if (!budget) throw new UsageError(`correx ${command}: --max-unsupported must be a count (5) or a share of the run from 0% to 100% (10%), found "${text}"`);
  return budget;
}

/** A `--shard i/n` flag (1 ≤ i ≤ n); anything else is a UsageError naming the command. */
export function parseShardFlag(command: string, text: string): { index: number; count: number } {
  const shard = parseShard(text);
  if (!shard) throw new UsageError(`correx ${command}: --shard must be i/n with 1 ≤ i ≤ n, found "${text}"`);
  return shard;
}
