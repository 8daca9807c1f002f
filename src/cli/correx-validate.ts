// `correx validate` alone: the build bundles this entry and all it loads into CommonJS files under
// dist/cli/bundle/ (scripts/bundle-cli.mjs), which the bin (correx.cts) runs for validate, so
// its cold start pays neither node's ES module loader nor one file per module (bench/validate).
// The command is imported statically: this entry runs nothing else, so it lands in the entry's file.
import { type Command, runCli } from "./cli-main.js";
import { validateCommand } from "./commands/validate-command.js";

const commands: Record<string, () => Promise<Command>> = {
  validate: async () => validateCommand,
};

runCli(process.argv.slice(2), commands);
