import { parseArgs, type ParseArgsConfig } from "node:util";

/** Parsed flags and positionals. */
export interface CommandArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}
import { UsageError } from "./usage-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, with its errors turned into one-line UsageErrors naming the command. */
export function parseCommandArgs(command: string, args: string[], options: Options, allowPositionals = true): CommandArgs {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true }) as CommandArgs;
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new UsageError(`correx ${command}: ${message.replace(/\. To specify a positional argument.*$/, "")}`);
  }
}
